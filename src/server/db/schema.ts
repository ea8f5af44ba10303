import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: varchar("slug", { length: 120 }).notNull().unique(),
    title: varchar("title", { length: 200 }).notNull(),
    excerpt: varchar("excerpt", { length: 500 }).notNull(),
    content: text("content").notNull(),
    /** The content rendered to sanitized HTML when it is saved, so a read does not render Markdown. */
    contentHtml: text("content_html").notNull(),
    imageUrl: varchar("image_url", { length: 2000 }),
    published: boolean("published").notNull().default(true),
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("articles_published_created_idx").on(table.published, table.createdAt.desc())],
);

/**
 * An article in another language than English, written by the doctor beside the English one: its own title, excerpt
 * and Markdown (rendered when saved, like the article's). The article's slug, picture and publication are the
 * English one's; a translation goes with its article.
 */
export const articleTranslations = pgTable(
  "article_translations",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 5 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    excerpt: varchar("excerpt", { length: 500 }).notNull(),
    content: text("content").notNull(),
    contentHtml: text("content_html").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.language] })],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 120 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    phone: varchar("phone", { length: 30 }).notNull().default(""),
    subject: varchar("subject", { length: 200 }).notNull().default(""),
    message: text("message").notNull(),
    source: varchar("source", { length: 20 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt.desc())],
);

/** Small facts the application remembers about itself, such as whether the sample content was created. */
export const appSettings = pgTable("app_settings", {
  key: varchar("key", { length: 100 }).primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
/**
 * Appointments. A row holds its slot while it is pending payment, confirmed or completed: the partial unique index
 * makes a second active appointment for the same date and time impossible, whatever the application does.
 */
/**
 * The rows that hold their slot: one per date and time (appointments_active_slot_idx). A booking's insert names the
 * same predicate to let that index decide a conflict (`on conflict ... do nothing`).
 */
export const ACTIVE_SLOT_PREDICATE = sql`status in ('pending_payment', 'confirmed', 'completed')`;

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientName: varchar("patient_name", { length: 100 }).notNull(),
    patientEmail: varchar("patient_email", { length: 254 }).notNull(),
    patientPhone: varchar("patient_phone", { length: 30 }).notNull(),
    patientAge: integer("patient_age").notNull(),
    /** A baby under one year: the age in months (0-11), with `patientAge` 0; null for everyone else. */
    patientAgeMonths: integer("patient_age_months"),
    /** The parent or guardian who booked for a patient under 18, and who they are to the patient; null for an adult. */
    guardianName: text("guardian_name"),
    guardianRelationship: varchar("guardian_relationship", { length: 40 }),
    reasonForConsultation: text("reason_for_consultation").notNull(),
    appointmentDate: date("appointment_date", { mode: "string" }).notNull(),
    appointmentTime: varchar("appointment_time", { length: 5 }).notNull(),
    /** The consultation's length in minutes, from the schedule's slot when it was booked. */
    durationMinutes: integer("duration_minutes").notNull().default(20),
    status: varchar("status", { length: 20 }).notNull().default("pending_payment"),
    paymentStatus: varchar("payment_status", { length: 20 }).notNull().default("pending"),
    /** The consultation fee at booking time, in rupees. */
    fee: integer("fee").notNull(),
    /** What the patient is asked to pay, in rupees (the coupon fee when a coupon applied). */
    amount: integer("amount").notNull(),
    couponCode: varchar("coupon_code", { length: 50 }),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    gateway: varchar("gateway", { length: 20 }),
    orderId: varchar("order_id", { length: 45 }).unique(),
    paymentSessionId: text("payment_session_id"),
    gatewayPaymentId: varchar("gateway_payment_id", { length: 64 }).unique(),
    paidAmount: integer("paid_amount"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The rupees refunded or being refunded, all refunds together (the `refunds` rows hold each one). */
    refundAmount: integer("refund_amount"),
    /**
     * Why a received payment could not buy the appointment and went back in full: "slot_taken", "underpaid" or
     * "doctor_unavailable" (the schedule stopped offering the slot while the parent paid); null otherwise.
     */
    paymentRefundReason: varchar("payment_refund_reason", { length: 20 }),
    /** Moves the parent has made; the policy allows two. The doctor's moves are not counted (the history has them). */
    rescheduleCount: integer("reschedule_count").notNull().default(0),
    /**
     * The calendar event's SEQUENCE: 0 when booked, one more at every move and at a cancellation, so the updated
     * invite (same UID) replaces the one in the patient's and the doctor's calendars.
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** Why the doctor cancelled, which the parent reads; null otherwise. */
    cancellationReason: text("cancellation_reason"),
    /**
     * When the doctor, no longer available at the booked time (leave, changed hours), asked the parent to choose
     * another time or a full refund; null once the parent or the doctor has decided, and for every other booking.
     */
    doctorUnavailableSince: timestamp("doctor_unavailable_since", { withTimezone: true }),
    /** The fee receipt's number, "2026-27/000001", given once the payment is confirmed. */
    receiptNumber: varchar("receipt_number", { length: 20 }).unique(),
    /** The video room: 128 random bits in hex, never derived from the appointment id. Set on confirmation. */
    videoRoomId: varchar("video_room_id", { length: 32 }).unique(),
    /** A second random value that makes the doctor's link a moderator's link. */
    videoHostKey: varchar("video_host_key", { length: 32 }),
    /** Why the appointment is in an unusual state, for the doctor (for example a refunded late payment). */
    statusNote: text("status_note"),
    /**
     * When the record's personal data was erased (at the parent's request, or by the retention job): names, phone
     * and e-mail are replaced, uploads deleted; what the law keeps (the clinical record, amounts) stays, unnamed.
     */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /** "consultation", or "follow_up": booked at the follow-up fee from an earlier completed consultation. */
    consultationType: varchar("consultation_type", { length: 20 }).notNull().default("consultation"),
    /**
     * The completed consultation a follow-up was booked from; null for a consultation. Not a foreign key: a backup
     * restores this table in id order, and rows are never deleted (erasure blanks them).
     */
    followUpOf: uuid("follow_up_of"),
    /** A follow-up's last possible day (YYYY-MM-DD, the clinic's): the parent cannot move it later. */
    followUpUntil: date("follow_up_until", { mode: "string" }),
    /**
     * The key of this consultation's "book a follow-up" link (manage page and prescription): 32 random bytes in
     * base64url, made when first needed. It lets its holder book one follow-up for this patient, nothing else.
     */
    followUpKey: varchar("follow_up_key", { length: 43 }).unique(),
    /**
     * The article whose page the booking was made from (its slug), counted in the doctor's insights: which articles
     * lead to bookings, without cookies or anything about the reader.
     */
    sourceArticle: varchar("source_article", { length: 200 }),
    /**
     * The language the booking was made in ("en", "hi", "kn"), which the parent may change through the manage link: the
     * language of every message and document to the parent.
     */
    language: varchar("language", { length: 5 }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One follow-up per consultation, while it holds, keeps or used its time; a cancelled or lapsed one frees it.
    uniqueIndex("appointments_one_follow_up_idx")
      .on(table.followUpOf)
      .where(sql`status in ('pending_payment', 'confirmed', 'completed', 'no_show')`),
    uniqueIndex("appointments_active_slot_idx")
      .on(table.appointmentDate, table.appointmentTime)
      .where(ACTIVE_SLOT_PREDICATE),
    index("appointments_created_idx").on(table.createdAt.desc()),
    index("appointments_hold_idx").on(table.status, table.holdExpiresAt),
  ],
);

/**
 * What happened to an appointment and when (`appointment_confirmed`, `appointment_refund_requested`), written in the
 * same transaction as the change it records: an append-only history of the appointment, for audits and support.
 * Messages are not driven by it; they are written to the outbox in that same transaction.
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: varchar("type", { length: 50 }).notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    payload: jsonb("payload").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("domain_events_appointment_idx").on(table.appointmentId, table.createdAt)],
);

/**
 * Each wording of the consent a booking agreed to, word for word. The id is the wording's version and a hash of the
 * text, so a wording changed without a new version is still kept apart from the old one.
 */
export const consentTexts = pgTable("consent_texts", {
  id: varchar("id", { length: 120 }).primaryKey(),
  version: varchar("version", { length: 40 }).notNull(),
  /** The language of the wording (the booking dialog's): a Kannada booking agreed to the Kannada text. */
  language: varchar("language", { length: 5 }).notNull().default("en"),
  teleconsultation: text("teleconsultation").notNull(),
  privacy: text("privacy").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The consent given for a booking: which wording, by whom (the parent or guardian, or the adult patient), when. */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    consentTextId: varchar("consent_text_id", { length: 120 })
      .notNull()
      .references(() => consentTexts.id),
    givenBy: text("given_by").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("consents_appointment_idx").on(table.appointmentId)],
);

/**
 * The parent's manage links. Each message (and the payment result page) carries its own random token; only its
 * SHA-256 is kept, so the table alone opens no booking.
 */
export const manageLinks = pgTable(
  "manage_links",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    /** Where the link was handed out: email, whatsapp or result_page. */
    issuedFor: varchar("issued_for", { length: 20 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("manage_links_appointment_idx").on(table.appointmentId)],
);

/**
 * Refunds: one row per refund asked of the gateway, with our own `refund_id` (the gateway's idempotency key, so a
 * retried request never refunds twice). `pending` until the gateway says `succeeded` or `failed`; a failed one is
 * retried from the dashboard under the same id.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    refundId: varchar("refund_id", { length: 40 }).notNull().unique(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    orderId: varchar("order_id", { length: 45 }).notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    /** patient, doctor or system. */
    initiatedBy: varchar("initiated_by", { length: 20 }).notNull(),
    /** pending, succeeded or failed. */
    state: varchar("state", { length: 20 }).notNull().default("pending"),
    /** Whether the gateway accepted the request; a request that did not reach it is sent again by the sweeper. */
    requested: boolean("requested").notNull().default(false),
    /** The gateway's own words: SUCCESS, PENDING, ONHOLD, CANCELLED, FAILED. */
    gatewayStatus: varchar("gateway_status", { length: 20 }),
    gatewayRefundId: varchar("gateway_refund_id", { length: 64 }),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("refunds_appointment_idx").on(table.appointmentId, table.createdAt),
    index("refunds_open_idx").on(table.state),
    check("refunds_state", sql`${table.state} in ('pending', 'succeeded', 'failed')`),
    check("refunds_amount", sql`${table.amount} > 0`),
  ],
);

/** The last receipt number given in each Indian financial year ("2026-27"), counted up in one statement. */
export const receiptCounters = pgTable("receipt_counters", {
  financialYear: varchar("financial_year", { length: 7 }).primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** Payment webhooks already handled, so that a redelivery changes nothing. */
export const webhookReceipts = pgTable("webhook_receipts", {
  dedupeKey: varchar("dedupe_key", { length: 128 }).primaryKey(),
  type: varchar("type", { length: 40 }).notNull(),
  orderId: varchar("order_id", { length: 45 }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Orders of the built-in payment simulator, kept like a gateway would keep them. */
export const simulatorOrders = pgTable("simulator_orders", {
  orderId: varchar("order_id", { length: 45 }).primaryKey(),
  paymentSessionId: varchar("payment_session_id", { length: 80 }).notNull(),
  amount: integer("amount").notNull(),
  status: varchar("status", { length: 20 }).notNull().default("ACTIVE"),
  paymentId: varchar("payment_id", { length: 64 }),
  paymentStatus: varchar("payment_status", { length: 20 }),
  refundedAmount: integer("refunded_amount").notNull().default(0),
  returnUrl: text("return_url").notNull(),
  customerName: varchar("customer_name", { length: 100 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds the payment simulator has accepted, one row per refund id: asking again with the same id answers the same
 * refund and pays nothing twice, as Cashfree does.
 */
export const simulatorRefunds = pgTable("simulator_refunds", {
  refundId: varchar("refund_id", { length: 40 }).primaryKey(),
  orderId: varchar("order_id", { length: 45 })
    .notNull()
    .references(() => simulatorOrders.orderId, { onDelete: "cascade" }),
  amount: integer("amount").notNull(),
  status: varchar("status", { length: 20 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Administrator sessions: only a SHA-256 of the cookie's random token is stored. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("admin_sessions_expires_idx").on(table.expiresAt)],
);

/**
 * Admin login attempts per address in the current 15-minute window (shared by all instances). One row per address,
 * counted up in a single statement before the password is checked, so parallel attempts cannot slip past the limit.
 */
export const adminLoginThrottle = pgTable("admin_login_throttle", {
  address: varchar("address", { length: 64 }).primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull(),
});

/** Patients' requests to move an appointment; filled by a later feature, listed on the dashboard. */
export const rescheduleRequests = pgTable("reschedule_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  appointmentId: uuid("appointment_id")
    .notNull()
    .references(() => appointments.id, { onDelete: "cascade" }),
  requestedDate: date("requested_date", { mode: "string" }),
  requestedTime: varchar("requested_time", { length: 5 }),
  reason: text("reason"),
  status: varchar("status", { length: 20 }).notNull().default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: every e-mail and WhatsApp message is a row, written in the same transaction as the event that causes
 * it, and sent by the worker (features/notifications/outbox-worker.ts). A sent row is never sent again.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** confirmation, reminder_24h, reminder_30m, contact_message. */
    kind: varchar("kind", { length: 40 }).notNull(),
    channel: varchar("channel", { length: 20 }).notNull(),
    /** patient or doctor. */
    recipient: varchar("recipient", { length: 20 }).notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, {
      onDelete: "cascade",
    }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** pending, processing, sent, written_to_file, failed, skipped, cancelled. */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: varchar("provider_message_id", { length: 200 }),
    /** While a worker sends the row; a row whose lock lapsed (the worker died) is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("outbox_due_idx").on(table.status, table.dueAt),
    index("outbox_created_idx").on(table.createdAt.desc()),
    uniqueIndex("outbox_once_per_appointment_idx")
      .on(table.appointmentId, table.kind, table.channel, table.recipient)
      .where(sql`appointment_id is not null`),
  ],
);

/**
 * The doctor's weekly hours and booking window: one row (id 1), written from the dashboard. Without it the default
 * hours (every day, 7:00 PM to 9:00 PM, 20-minute slots) and the MIN_NOTICE_MINUTES and BOOKING_HORIZON_DAYS
 * settings apply.
 */
export const scheduleSettings = pgTable(
  "schedule_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** {monday: [{start, end, slotMinutes, gapMinutes}], ...}: src/shared/schedule.ts checks it. */
    weekly: jsonb("weekly").notNull(),
    minNoticeMinutes: integer("min_notice_minutes").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("schedule_settings_one_row", sql`${table.id} = 1`)],
);

/**
 * Exceptions to the weekly hours, which win over them: leave over a range of dates, a date's own hours (`sessions`),
 * and single blocked slots (`slot_time`). A date has at most one set of its own hours and a slot one block.
 */
export const scheduleExceptions = pgTable(
  "schedule_exceptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** leave, hours or block. */
    kind: varchar("kind", { length: 10 }).notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    slotTime: varchar("slot_time", { length: 5 }),
    sessions: jsonb("sessions"),
    note: varchar("note", { length: 200 }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("schedule_exceptions_range_idx").on(table.endsOn, table.startsOn),
    uniqueIndex("schedule_exceptions_hours_idx")
      .on(table.startsOn)
      .where(sql`kind = 'hours'`),
    uniqueIndex("schedule_exceptions_block_idx")
      .on(table.startsOn, table.slotTime)
      .where(sql`kind = 'block'`),
    check("schedule_exceptions_kind", sql`${table.kind} in ('leave', 'hours', 'block')`),
    check("schedule_exceptions_range", sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/**
 * Reports a parent uploaded before the consultation (echo and ECG reports, discharge summaries). The file itself is in
 * the record store (a local folder outside the web root, or an S3 bucket) under `storage_key`, a random name; the
 * type is the one found in the content, never the one the name claims.
 */
export const reportUploads = pgTable(
  "report_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    storageKey: varchar("storage_key", { length: 64 }).notNull().unique(),
    /** The name the parent's file had, cleaned for display and for the download's file name. */
    fileName: varchar("file_name", { length: 200 }).notNull(),
    contentType: varchar("content_type", { length: 40 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("report_uploads_appointment_idx").on(table.appointmentId, table.uploadedAt)],
);

/** The doctor's notes of a consultation: free text, one per appointment, kept as last saved. */
export const consultationNotes = pgTable("consultation_notes", {
  appointmentId: uuid("appointment_id")
    .primaryKey()
    .references(() => appointments.id, { onDelete: "cascade" }),
  notes: text("notes").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * E-prescriptions. A row is issued once and never changed: a correction is a new row with the next version that
 * names the one it replaces. `content` holds the diagnosis, medicines, investigations, advice and follow-up date;
 * the PDF is made from it and the doctor's profile whenever it is sent or downloaded.
 */
export const prescriptions = pgTable(
  "prescriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    replacesId: uuid("replaces_id"),
    content: jsonb("content").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("prescriptions_version_idx").on(table.appointmentId, table.version)],
);

/**
 * Who looked at or changed a patient's data in the dashboard: what, which record, when, from which session (a hash
 * of it, never the cookie). Append-only: the database refuses to update or delete a row (a trigger), and nothing in
 * the product removes them, so they are kept for at least the year the data-protection rules ask.
 */
export const accessLog = pgTable(
  "access_log",
  {
    /** Increasing in the order rows were written: the log's order and its pages' cursor. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** view, change, download, export, erase. */
    action: varchar("action", { length: 20 }).notNull(),
    /** appointment, patient, upload, prescription, notes, erasure_request, patient_list. */
    recordType: varchar("record_type", { length: 30 }).notNull(),
    recordId: varchar("record_id", { length: 100 }).notNull(),
    /** What was done, in words without personal data ("opened the details", "issued version 2"). */
    detail: text("detail").notNull().default(""),
    /** The first 16 hex characters of the SHA-256 of the session id; the parent's link shows as "parent link". */
    session: varchar("session", { length: 32 }).notNull(),
  },
  (table) => [
    index("access_log_at_idx").on(table.at),
    index("access_log_record_idx").on(table.recordType, table.recordId),
  ],
);

/** A parent's request to erase their child's data, from the manage link; the doctor confirms it. */
export const erasureRequests = pgTable(
  "erasure_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    /** pending until the doctor confirms it, then completed. */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** What the erasure did and what it kept, as told to the parent. */
    outcome: text("outcome"),
  },
  (table) => [
    uniqueIndex("erasure_requests_pending_idx")
      .on(table.appointmentId)
      .where(sql`status = 'pending'`),
    check("erasure_requests_status", sql`${table.status} in ('pending', 'completed')`),
  ],
);

/**
 * What the doctor set from the dashboard's Settings: the site profile (`profile`) and the fees (`fees`), each one
 * JSON value checked by `src/shared/practice-settings.ts`. A key without a row falls back to the deployer's file and
 * environment (SITE_PROFILE_FILE, CONSULTATION_FEE), which seed a new database only.
 */
export const practiceSettings = pgTable("practice_settings", {
  key: varchar("key", { length: 40 }).primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The doctor's coupons. A coupon either sets the fee (`fee`) or takes an amount off it (`amount_off`); it applies
 * between its clinic dates (inclusive, either end open), up to `max_uses` bookings in all and once per phone number.
 * The code is kept trimmed and upper-cased, as it is compared.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: varchar("code", { length: 50 }).notNull(),
    fee: integer("fee"),
    amountOff: integer("amount_off"),
    validFrom: varchar("valid_from", { length: 10 }),
    validUntil: varchar("valid_until", { length: 10 }),
    maxUses: integer("max_uses"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("coupons_code_idx").on(table.code),
    check("coupons_one_price", sql`(${table.fee} is null) <> (${table.amountOff} is null)`),
  ],
);

/** Every change the doctor made in Settings: when, to what (`profile`, `fees`, `coupon`), and the value before and after. */
export const settingsChanges = pgTable(
  "settings_changes",
  {
    /** In the order the changes took effect (each is written under its setting's lock). */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    subject: varchar("subject", { length: 40 }).notNull(),
    /** Words naming what changed: "coupon CAMP500", "photo". */
    label: text("label").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [index("settings_changes_changed_at_idx").on(table.changedAt)],
);

/**
 * The images the doctor uploads in Settings, kept in the database so every server and every backup has them: the
 * photo's sizes and formats (`photo-<version>-480.avif`, ..., `photo-<version>.jpg`) and the signature
 * (`signature`), base64 in text (the backup's JSON lines carry text as it is).
 */
export const siteImages = pgTable("site_images", {
  name: varchar("name", { length: 60 }).primaryKey(),
  contentType: varchar("content_type", { length: 40 }).notNull(),
  data: text("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * Every backup made (scheduled, by command, downloaded by the doctor): what the dashboard and the metrics show. A
 * scheduled run names the day it is for, and that day is unique, so of several servers on one database only one
 * makes it.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: varchar("trigger", { length: 20 }).notNull(),
    /** The clinic's date (YYYY-MM-DD) a scheduled run is for. */
    scheduledFor: varchar("scheduled_for", { length: 10 }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** running, succeeded or failed. */
    outcome: varchar("outcome", { length: 20 }).notNull().default("running"),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    /** Where the file went: a file name in BACKUP_DIR, an object key, or "download". */
    location: text("location"),
    error: text("error"),
  },
  (table) => [
    uniqueIndex("backup_runs_scheduled_for_idx").on(table.scheduledFor),
    index("backup_runs_started_at_idx").on(table.startedAt),
    check("backup_runs_outcome", sql`${table.outcome} in ('running', 'succeeded', 'failed')`),
  ],
);

/**
 * The doctor's prescription templates: a name, and the medicines, investigations and advice the form is filled with
 * (checked by the shared schema before they are written).
 */
export const prescriptionTemplates = pgTable("prescription_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: varchar("name", { length: 80 }).notNull().unique(),
  content: jsonb("content").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who is at a consultation's video page now: the parent's page and the doctor's keep their row fresh while open, and
 * a time older than a minute means gone. Kept apart from the appointment so a heartbeat never waits on its lock.
 */
export const roomPresence = pgTable("room_presence", {
  appointmentId: uuid("appointment_id")
    .primaryKey()
    .references(() => appointments.id, { onDelete: "cascade" }),
  parentSeenAt: timestamp("parent_seen_at", { withTimezone: true }),
  /** When the parent first came in this visit: "waiting since 7:02 PM". */
  parentSince: timestamp("parent_since", { withTimezone: true }),
  doctorSeenAt: timestamp("doctor_seen_at", { withTimezone: true }),
});

export const schema = {
  backupRuns,
  prescriptionTemplates,
  roomPresence,
  reportUploads,
  consultationNotes,
  prescriptions,
  accessLog,
  erasureRequests,
  consentTexts,
  consents,
  manageLinks,
  refunds,
  receiptCounters,
  outboxMessages,
  adminSessions,
  adminLoginThrottle,
  rescheduleRequests,
  articles,
  articleTranslations,
  contactMessages,
  appSettings,
  appointments,
  domainEvents,
  webhookReceipts,
  simulatorOrders,
  simulatorRefunds,
  scheduleSettings,
  scheduleExceptions,
  practiceSettings,
  coupons,
  settingsChanges,
  siteImages,
};
