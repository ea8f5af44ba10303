/**
 * What the booking service needs from a payment gateway. Cashfree (cashfree.ts) and the built-in simulator
 * (simulator/) implement it; the service never knows which one it talks to.
 */
export type GatewayName = "cashfree" | "simulator";
export type GatewayMode = "sandbox" | "production";

export interface GatewayCustomer {
  /** Alphanumeric, 3-50 characters. */
  id: string;
  name: string;
  email: string;
  phone: string;
}

export interface CreateOrderInput {
  /** 3-45 characters: letters, digits, '_' and '-'. Unique per merchant account. */
  orderId: string;
  /** Rupees, at least 1. */
  amount: number;
  currency: "INR";
  customer: GatewayCustomer;
  /** Absolute URL the browser returns to after checkout (GET). */
  returnUrl: string;
  /** Absolute https URL for webhooks; omitted when the site has no https address. */
  notifyUrl?: string;
  expiresAt: Date;
  note: string;
}

export interface GatewayOrder {
  orderId: string;
  paymentSessionId: string;
  /** "ACTIVE" for a new order. */
  status: string;
}

/** The state of a payment attempt as the gateway reports it. */
export type GatewayPaymentStatus =
  "SUCCESS" | "FAILED" | "USER_DROPPED" | "PENDING" | "NOT_ATTEMPTED" | "CANCELLED" | "VOID";

export interface GatewayPayment {
  paymentId: string;
  status: GatewayPaymentStatus;
  amount: number;
  message?: string;
}

export interface GatewayOrderStatus {
  orderId: string;
  /** "ACTIVE", "PAID", "EXPIRED", "TERMINATED", "TERMINATION_REQUESTED". */
  orderStatus: string;
  amount: number;
  /** The successful payment when the order is PAID, else the most recent attempt, if any. */
  payment?: GatewayPayment;
}

/** A verified webhook, reduced to what the booking service acts on. */
export interface PaymentWebhookEvent {
  /**
   * Built from signed content only (the event type and the payment id, or the refund id and status): a redelivery,
   * whatever its unsigned headers say, has the same key and is ignored.
   */
  dedupeKey: string;
  type: "PAYMENT_SUCCESS" | "PAYMENT_FAILED" | "PAYMENT_USER_DROPPED" | "REFUND_STATUS" | "OTHER";
  orderId?: string;
  payment?: GatewayPayment;
  /** REFUND_STATUS: our refund id and the gateway's status for it. */
  refund?: GatewayRefund;
}

export interface RefundInput {
  orderId: string;
  /** 3-40 characters, unique per refund. */
  refundId: string;
  amount: number;
  note: string;
}

export interface GatewayRefund {
  refundId: string;
  /** "SUCCESS", "PENDING", "ONHOLD", "CANCELLED", "FAILED". */
  status: string;
  amount: number;
  /** The gateway's own id for the refund, when it gives one. */
  gatewayRefundId?: string;
  /** Why a refund failed or is on hold, in the gateway's words. */
  message?: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  readonly mode: GatewayMode;
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** The order and its relevant payment; the source of truth for confirming a booking. */
  fetchOrder(orderId: string): Promise<GatewayOrderStatus>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it is missing, wrong or stale. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now?: Date,
  ): PaymentWebhookEvent;
  /** Asks for a refund under our own refund id; asking again with the same id refunds nothing twice. */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** The refund's state now, polled until it is final (SUCCESS, FAILED, CANCELLED). */
  fetchRefund(orderId: string, refundId: string): Promise<GatewayRefund>;
  /**
   * Closes an unpaid order so that its checkout can no longer be paid. The answer may be TERMINATION_REQUESTED when
   * an attempt is still in flight; that attempt can still succeed, and is then handled as a late payment.
   */
  terminateOrder(orderId: string): Promise<GatewayTermination>;
}

export interface GatewayTermination {
  orderId: string;
  /** "TERMINATED", or "TERMINATION_REQUESTED" while an attempt is in flight. */
  orderStatus: string;
}

/** A gateway call failed; `message` is readable, `statusCode` is the gateway's HTTP status when there was one. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
