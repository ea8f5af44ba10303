import type { FastifyPluginAsync } from "fastify";
import { formatRupees } from "@shared/booking";
import { escapeHtml } from "@shared/escape-html";
import type { SiteProfile } from "@shared/site-profile";
import type { ProfileSource } from "@shared/site-profile";
import type { Db } from "../../../db/client";
import {
  findSimulatorOrder,
  isClosedSimulatorOrder,
  settleSimulatorOrder,
  type SimulatorOrder,
  type SimulatorOutcome,
} from "./simulator-gateway";

/**
 * The simulator's checkout page, served by the app like a gateway's hosted page: it shows the amount and offers
 * Pay, Decline and Cancel, then sends the browser back to the site's callback address. Plain HTML and a form, so it
 * works without JavaScript.
 */
const outcomes: SimulatorOutcome[] = ["pay", "decline", "cancel"];

const styles = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;color:#1e293b}
  main{max-width:28rem;margin:2rem auto;padding:0 1rem} .card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(15,23,42,.12);overflow:hidden}
  .banner{background:#92400e;color:#fff;padding:.75rem 1rem;font-weight:600;font-size:.9rem}
  .body{padding:1.5rem} h1{font-size:1.25rem;margin:0 0 .25rem} p{margin:.25rem 0;color:#334155}
  .amount{font-size:2rem;font-weight:700;margin:1rem 0;color:#0f172a} dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;font-size:.9rem;margin:1rem 0}
  dt{color:#475569} dd{margin:0;word-break:break-all} form{display:grid;gap:.75rem;margin-top:1.5rem}
  button{font:inherit;font-weight:600;padding:.8rem 1rem;border-radius:8px;border:1px solid transparent;cursor:pointer}
  button:focus-visible{outline:3px solid #0b5c78;outline-offset:2px} .pay{background:#166534;color:#fff} .decline{background:#fff;border-color:#b91c1c;color:#b91c1c}
  .cancel{background:#fff;border-color:#64748b;color:#334155} .note{font-size:.8rem;color:#475569;margin-top:1rem}
  .closed{border-left:4px solid #b91c1c;background:#fef2f2;padding:.75rem 1rem;margin:1rem 0;border-radius:4px}
  a.back{display:block;text-align:center;font-weight:600;padding:.8rem 1rem;border-radius:8px;background:#0b5c78;color:#fff;text-decoration:none;margin-top:1.5rem}
  a.back:focus-visible{outline:3px solid #0b5c78;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

/** What a closed order's page says: which way it was closed, and that it cannot be paid any more. */
function closedNotice(order: SimulatorOrder): string {
  const how =
    order.paymentStatus === "FAILED"
      ? "This payment was declined."
      : order.paymentStatus === "USER_DROPPED"
        ? "This payment was cancelled."
        : "This payment was cancelled by the site.";
  return `<div class="closed" role="alert"><p><strong>${how}</strong> This checkout is closed and can no longer be paid. No money was taken.</p></div>
        <p>To book a consultation, return to the site and start the booking again.</p>
        <a class="back" href="${escapeHtml(order.returnUrl)}">Return to the site</a>`;
}

function checkoutPage(order: SimulatorOrder, profile: SiteProfile): string {
  const amount = `₹${formatRupees(order.amount)}`;
  const paid = order.status === "PAID";
  const closed = isClosedSimulatorOrder(order);
  return page(
    closed ? "Checkout closed" : "Test checkout",
    `<div class="card">
      <div class="banner" role="note">Test checkout: the built-in payment simulator. No real money is taken.</div>
      <div class="body">
        <h1>${closed ? "Checkout closed" : `Pay ${escapeHtml(profile.doctor.name)}`}</h1>
        <p>Online video consultation</p>
        <p class="amount">${amount}</p>
        <dl><dt>Order</dt><dd>${escapeHtml(order.orderId)}</dd><dt>Name</dt><dd>${escapeHtml(order.customerName)}</dd></dl>
        ${
          closed
            ? closedNotice(order)
            : paid
              ? `<p>This order is already paid.</p><form method="post"><button class="pay" name="outcome" value="pay">Return to the site</button></form>`
              : `<form method="post">
          <button class="pay" name="outcome" value="pay">Pay ${amount}</button>
          <button class="decline" name="outcome" value="decline">Decline payment</button>
          <button class="cancel" name="outcome" value="cancel">Cancel and return</button>
        </form>`
        }
        <p class="note">A real site takes payments through Cashfree once its keys are configured.</p>
      </div></div>`,
  );
}

export const simulatorRoutes: FastifyPluginAsync<{ db: Db; profile: ProfileSource }> = async (
  app,
  { db, profile },
) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) =>
      done(null, new URLSearchParams(typeof body === "string" ? body : body.toString())),
  );

  app.get<{ Params: { orderId: string } }>("/payment/simulator/:orderId", async (request, reply) => {
    const order = await findSimulatorOrder(db, request.params.orderId);
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!order)
      return reply
        .status(404)
        .send(
          page(
            "Order not found",
            `<div class="card"><div class="body"><h1>Order not found</h1><p>This test checkout does not exist.</p></div></div>`,
          ),
        );
    return reply.send(checkoutPage(order, profile.current()));
  });

  app.post<{ Params: { orderId: string }; Body: URLSearchParams | undefined }>(
    "/payment/simulator/:orderId",
    async (request, reply) => {
      const choice = request.body instanceof URLSearchParams ? request.body.get("outcome") : null;
      const outcome = outcomes.find((candidate) => candidate === choice);
      if (!outcome) {
        return reply
          .status(400)
          .type("text/html; charset=utf-8")
          .send(
            page(
              "Choose an outcome",
              `<div class="card"><div class="body"><h1>Choose Pay, Decline or Cancel</h1></div></div>`,
            ),
          );
      }
      const order = await settleSimulatorOrder(db, request.params.orderId, outcome);
      // A declined or cancelled checkout stays closed: a Pay sent afterwards (an old tab, the Back button, a script)
      // is refused and changes nothing.
      if (order && isClosedSimulatorOrder(order) && outcome === "pay")
        return reply
          .status(409)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(checkoutPage(order, profile.current()));
      if (!order)
        return reply
          .status(404)
          .type("text/html; charset=utf-8")
          .send(
            page(
              "Order not found",
              `<div class="card"><div class="body"><h1>Order not found</h1></div></div>`,
            ),
          );
      return reply.redirect(order.returnUrl, 303);
    },
  );
};
