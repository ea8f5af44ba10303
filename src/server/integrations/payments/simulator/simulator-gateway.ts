import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { simulatorOrders, simulatorRefunds } from "../../../db/schema";
import {
  GatewayError,
  type GatewayOrderStatus,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type PaymentGateway,
  type RefundInput,
  WebhookSignatureError,
} from "../gateway";

/**
 * A payment gateway that takes no money: orders live in the simulator_orders table, and the checkout page
 * (simulator-routes.ts) lets the visitor pay, decline or cancel, then returns to the site like a real gateway.
 * It is the default when no Cashfree keys are configured, so the whole booking flow works on a fresh install.
 *
 * A checkout allows one attempt: declining or cancelling closes the order (TERMINATED) for good, as the site's
 * own termination of a dropped payment would, so the page can never be paid afterwards.
 */
export type SimulatorOutcome = "pay" | "decline" | "cancel";

const outcomePaymentStatus: Record<SimulatorOutcome, GatewayPaymentStatus> = {
  pay: "SUCCESS",
  decline: "FAILED",
  cancel: "USER_DROPPED",
};

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export type SimulatorOrder = typeof simulatorOrders.$inferSelect;

export async function findSimulatorOrder(db: Db, orderId: string): Promise<SimulatorOrder | undefined> {
  const rows = await db.select().from(simulatorOrders).where(eq(simulatorOrders.orderId, orderId)).limit(1);
  return rows[0];
}

/** An order that can no longer be paid: declined, cancelled, or terminated by the site. */
export function isClosedSimulatorOrder(order: SimulatorOrder): boolean {
  return order.status === "TERMINATED";
}

/**
 * Records what the visitor chose on the checkout page, only on an order still open for payment: a paid order
 * stays paid, and a closed one stays closed (answered as it is, unchanged). The update is conditional on the order
 * being ACTIVE, so two submissions racing each other cannot both win.
 */
export async function settleSimulatorOrder(
  db: Db,
  orderId: string,
  outcome: SimulatorOutcome,
): Promise<SimulatorOrder | undefined> {
  const order = await findSimulatorOrder(db, orderId);
  if (!order || order.status !== "ACTIVE") return order;
  const [updated] = await db
    .update(simulatorOrders)
    .set({
      status: outcome === "pay" ? "PAID" : "TERMINATED",
      paymentId: randomId("simpay"),
      paymentStatus: outcomePaymentStatus[outcome],
    })
    .where(and(eq(simulatorOrders.orderId, orderId), eq(simulatorOrders.status, "ACTIVE")))
    .returning();
  return updated ?? findSimulatorOrder(db, orderId);
}

export function createSimulatorGateway(db: Db): PaymentGateway {
  return {
    name: "simulator",
    mode: "sandbox",

    async createOrder(input) {
      const existing = await findSimulatorOrder(db, input.orderId);
      if (existing)
        return {
          orderId: existing.orderId,
          paymentSessionId: existing.paymentSessionId,
          status: existing.status,
        };
      const [order] = await db
        .insert(simulatorOrders)
        .values({
          orderId: input.orderId,
          paymentSessionId: randomId("simsession"),
          amount: input.amount,
          returnUrl: input.returnUrl,
          customerName: input.customer.name.slice(0, 100),
          expiresAt: input.expiresAt,
        })
        .returning();
      if (!order) throw new Error("Simulator order insert returned no row");
      return { orderId: order.orderId, paymentSessionId: order.paymentSessionId, status: order.status };
    },

    async fetchOrder(orderId): Promise<GatewayOrderStatus> {
      const order = await findSimulatorOrder(db, orderId);
      if (!order) return { orderId, orderStatus: "NOT_FOUND", amount: 0 };
      return {
        orderId,
        orderStatus: order.status,
        amount: order.amount,
        ...(order.paymentId && order.paymentStatus
          ? {
              payment: {
                paymentId: order.paymentId,
                status: order.paymentStatus as GatewayPaymentStatus,
                amount: order.amount,
              },
            }
          : {}),
      };
    },

    verifyWebhook() {
      throw new WebhookSignatureError("The payment simulator sends no webhooks");
    },

    async terminateOrder(orderId) {
      const [closed] = await db
        .update(simulatorOrders)
        .set({ status: "TERMINATED" })
        .where(and(eq(simulatorOrders.orderId, orderId), eq(simulatorOrders.status, "ACTIVE")))
        .returning();
      const order = closed ?? (await findSimulatorOrder(db, orderId));
      if (!order) throw new GatewayError(`The payment simulator has no order ${orderId}`, 404);
      return { orderId, orderStatus: order.status };
    },

    refund: (input) => refundOnce(db, input),

    async fetchRefund(_orderId, refundId) {
      const [stored] = await db
        .select()
        .from(simulatorRefunds)
        .where(eq(simulatorRefunds.refundId, refundId))
        .limit(1);
      if (!stored) throw new GatewayError("refund does not exist", 404, "refund_not_found");
      return refundAnswer(stored);
    },
  };
}

type SimulatorRefund = typeof simulatorRefunds.$inferSelect;

function refundAnswer(stored: SimulatorRefund): GatewayRefund {
  return { refundId: stored.refundId, status: stored.status, amount: stored.amount };
}

/**
 * A refund under our refund id, paid at once (SUCCESS) when the order is paid and the amount is still refundable,
 * else FAILED. The id is the key, as at Cashfree: asking again with an id already used answers that same refund and
 * pays nothing twice, so a request sent again after a crash cannot refund the money a second time. The order row is
 * locked, so two refunds of one order racing each other are counted one after the other.
 */
async function refundOnce(db: Db, input: RefundInput): Promise<GatewayRefund> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(simulatorOrders)
      .where(eq(simulatorOrders.orderId, input.orderId))
      .for("update")
      .limit(1);
    if (!order) return { refundId: input.refundId, status: "FAILED", amount: input.amount };
    const [existing] = await tx
      .select()
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.refundId, input.refundId))
      .limit(1);
    if (existing) return refundAnswer(existing);
    const payable = order.status === "PAID" && order.refundedAmount + input.amount <= order.amount;
    const [stored] = await tx
      .insert(simulatorRefunds)
      .values({
        refundId: input.refundId,
        orderId: input.orderId,
        amount: input.amount,
        status: payable ? "SUCCESS" : "FAILED",
      })
      .returning();
    if (!stored) throw new Error("Simulator refund insert returned no row");
    if (payable)
      await tx
        .update(simulatorOrders)
        .set({ refundedAmount: order.refundedAmount + input.amount })
        .where(eq(simulatorOrders.orderId, input.orderId));
    return refundAnswer(stored);
  });
}
