import { formatRupees } from "@shared/booking";
import { addDaysToDate } from "@shared/clinic-time";
import {
  addMonths,
  type AdminInsights,
  type ArticleAttribution,
  conversionPercent,
  type InsightsMonth,
  insightsQuerySchema,
  isMonth,
  MAX_INSIGHTS_MONTHS,
  MAX_RECEIPT_DAYS,
  receiptsQuerySchema,
} from "@shared/insights";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { ChartNoAxesColumn, Download, FileSpreadsheet, Newspaper } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { QueryState } from "@/components/ui/query-state";
import { formatLongDate, formatShortDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { insightsQuery, type MonthRange, RECEIPTS_CSV_PATH, receiptsSummaryQuery } from "./insights-api";
import { SectionCard } from "./section-title";

const PAGE_PATH = "/admin/insights";

/** "2026-10" -> "Oct 2026" ("Sept 2026"): the table's rows. */
function shortMonth(month: string): string {
  return formatShortDate(`${month}-01`).replace(/^1 /, "");
}

/** "2026-10" -> "October 2026": captions and headings. */
function longMonth(month: string): string {
  return formatLongDate(`${month}-01`).replace(/^1 /, "");
}

const rupees = (amount: number) => `₹${formatRupees(amount)}`;
const count = (value: number) => value.toLocaleString("en-IN");

function conversion(holds: number, paidHolds: number): string {
  const percent = conversionPercent(holds, paidHolds);
  return percent === null ? "–" : `${percent}%`;
}

/** The months in the address (`?from=2026-01&to=2026-12`), so back, reload and a bookmark keep them. */
function useRangeInAddress(): [MonthRange | null, (range: MonthRange | null) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  // An address the server would refuse (months backwards, too many) shows the default months instead.
  const range =
    isMonth(from) && isMonth(to) && insightsQuerySchema.safeParse({ from, to }).success ? { from, to } : null;
  return [
    range,
    (next) =>
      navigate(
        next ? `${PAGE_PATH}?${new URLSearchParams({ from: next.from, to: next.to }).toString()}` : PAGE_PATH,
      ),
  ];
}

/** The first message of each field in a zod result's issues. */
function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * /admin/insights: the practice month by month (consultations, money received and refunded, no-shows, bookings
 * started and paid), the articles bookings were made from, and the receipts for the accountant as a CSV.
 */
export function InsightsPanel() {
  const [range, setRange] = useRangeInAddress();
  const query = useQuery(insightsQuery(range));
  const shown = range ?? (query.data ? { from: query.data.from, to: query.data.to } : null);
  return (
    <>
      {/* The receipts are what she comes for at the month's start; on a phone they are far down the page. */}
      <a
        href="#insights-receipts-title"
        className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Receipts for your accountant ↓
      </a>
      <SectionCard
        id="insights-months-title"
        icon={ChartNoAxesColumn}
        title="Month by Month"
        description={
          <>
            Consultations and no-shows are counted by the consultation&apos;s date; money by the day it was
            received or refunded; bookings started (a time chosen and kept while the parent pays) by the day
            they were started. Months are the clinic&apos;s ({query.data?.timeZone ?? "its time zone"}).
          </>
        }
      >
        <div className="flex flex-col gap-5 p-5 sm:p-6">
          <MonthRangeForm
            key={shown ? `${shown.from} ${shown.to}` : "none"}
            shown={shown}
            onChoose={setRange}
          />
          <QueryState
            query={query}
            what="the insights"
            isEmpty={() => false}
            empty={null}
            rowClassName="h-12"
          >
            {(data) => <MonthsView data={data} updating={query.isPlaceholderData} />}
          </QueryState>
        </div>
      </SectionCard>
      <ArticlesSection query={query} />
      <ReceiptsSection
        key={query.data?.currentMonth ?? "none"}
        currentMonth={query.data?.currentMonth}
        today={query.data?.today}
      />
    </>
  );
}

/** The first and last month or date of a range, as its two fields hold them. */
interface DateRange {
  from: string;
  to: string;
}

/**
 * The From and To fields of a range, side by side from 400 px up. `named` fields go with a form the browser sends
 * itself (as `?from=…&to=…`).
 */
function RangeFields({
  idPrefix,
  type,
  named = false,
  range,
  errors,
  onChange,
}: {
  idPrefix: string;
  type: "month" | "date";
  named?: boolean;
  range: DateRange;
  errors: Record<string, string>;
  onChange: (range: DateRange) => void;
}) {
  const field = (end: keyof DateRange, label: string) => (
    <InputField
      id={`${idPrefix}-${end}`}
      name={named ? end : undefined}
      label={`${label} ${type}`}
      type={type}
      required
      // Browsers without a month picker show a text box: the placeholder says what to type.
      placeholder={type === "month" ? "YYYY-MM" : undefined}
      value={range[end]}
      error={errors[end]}
      onChange={(event) => onChange({ ...range, [end]: event.target.value })}
    />
  );
  return (
    <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:w-96">
      {field("from", "From")}
      {field("to", "To")}
    </div>
  );
}

function MonthRangeForm({
  shown,
  onChoose,
}: {
  shown: MonthRange | null;
  onChoose: (range: MonthRange | null) => void;
}) {
  const [range, setRange] = useState<DateRange>({ from: shown?.from ?? "", to: shown?.to ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = insightsQuerySchema.safeParse(range);
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    setErrors({});
    onChoose(range);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Months shown"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
    >
      <RangeFields idPrefix="insights" type="month" range={range} errors={errors} onChange={setRange} />
      <div className="flex flex-wrap gap-2 sm:pt-7">
        <Button type="submit">Show months</Button>
        <Button type="button" variant="ghost" onClick={() => onChoose(null)}>
          Last 12 months
        </Button>
      </div>
      <p className="w-full text-xs text-slate-600">Up to {MAX_INSIGHTS_MONTHS} months at a time.</p>
    </form>
  );
}

/** One figure of the range's totals, large. */
function Total({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-slate-50 p-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900 sm:text-2xl">{value}</dd>
      {hint && <dd className="text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

const headClass = "px-3 py-2.5 text-right text-sm font-semibold whitespace-nowrap text-slate-700";
const cellClass = "px-3 py-2.5 text-right text-sm whitespace-nowrap text-slate-800 tabular-nums";
// The month stays in view while the figures scroll sideways on a phone.
const monthCellClass = "sticky left-0 bg-white px-3 py-2.5 text-left text-sm font-medium whitespace-nowrap";

const COLUMNS = [
  "Consultations",
  "No-shows",
  "Received",
  "Refunds",
  "Refunded",
  "Started",
  "Paid",
  "Share paid",
] as const;

function figuresOf(figures: Omit<InsightsMonth, "month">): string[] {
  return [
    count(figures.consultations),
    count(figures.noShows),
    rupees(figures.received),
    count(figures.refunds),
    rupees(figures.refunded),
    count(figures.holds),
    count(figures.paidHolds),
    conversion(figures.holds, figures.paidHolds),
  ];
}

function MonthsView({ data, updating }: { data: AdminInsights; updating: boolean }) {
  const captionId = useId();
  const { totals } = data;
  return (
    <div className="flex flex-col gap-5" aria-busy={updating || undefined}>
      <h3 className="text-base font-semibold text-slate-900">
        {data.from === data.to ? longMonth(data.from) : `${longMonth(data.from)} to ${longMonth(data.to)}`}
      </h3>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totals of the months shown">
        <Total
          label="Consultations"
          value={count(totals.consultations)}
          hint={`${count(totals.noShows)} no-shows`}
        />
        <Total label="Received" value={rupees(totals.received)} />
        <Total
          label="Refunded"
          value={rupees(totals.refunded)}
          hint={`${count(totals.refunds)} ${totals.refunds === 1 ? "refund" : "refunds"}`}
        />
        <Total
          label="Bookings paid for"
          value={conversion(totals.holds, totals.paidHolds)}
          hint={`${count(totals.paidHolds)} of ${count(totals.holds)} bookings started`}
        />
      </dl>
      {/* On a phone each month is a card: nine columns would show two before a sideways scroll. */}
      <MonthCards data={data} />
      {/* A region of its own, so the keyboard can scroll it and screen readers name it. */}
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="hidden overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 sm:block"
      >
        <table className={cn("w-full border-collapse", updating && "opacity-60")}>
          <caption id={captionId} className="sr-only">
            Figures for each month, {longMonth(data.from)} to {longMonth(data.to)}
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={cn(monthCellClass, "bg-slate-50 font-semibold text-slate-700")}>
                Month
              </th>
              {COLUMNS.map((label) => (
                <th key={label} scope="col" className={headClass}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {data.months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className={cn(monthCellClass, "text-slate-900")}>
                  {shortMonth(month.month)}
                  {month.month === data.currentMonth && (
                    <>
                      {" "}
                      <span className="font-normal text-slate-600">(so far)</span>
                    </>
                  )}
                </th>
                {figuresOf(month).map((value, index) => (
                  <td key={COLUMNS[index]} className={cellClass}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-300">
            <tr>
              <th scope="row" className={cn(monthCellClass, "font-semibold text-slate-900")}>
                Total
              </th>
              {figuresOf(totals).map((value, index) => (
                <td key={COLUMNS[index]} className={cn(cellClass, "font-semibold text-slate-900")}>
                  {value}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="grid gap-x-6 gap-y-1.5 text-sm text-slate-700 sm:grid-cols-2">
        <Definition term="Consultations">
          paid bookings for the month, confirmed or completed (upcoming included)
        </Definition>
        <Definition term="No-shows">consultations you marked as no-show</Definition>
        <Definition term="Received">payments received in the month, before refunds</Definition>
        <Definition term="Refunds, Refunded">
          refunds that reached the parent in the month, and their amount
        </Definition>
        <Definition term="Started">
          bookings where a parent chose a time and was sent on to pay, paid or not (free follow-ups left out)
        </Definition>
        <Definition term="Paid, Share paid">
          of the bookings started, those that were paid, and their share
        </Definition>
      </dl>
    </div>
  );
}

/** The months as cards, each figure under its name, in the table's order: the phone's view of it. */
function MonthCards({ data }: { data: AdminInsights }) {
  return (
    <ol aria-label="Figures for each month" className="flex flex-col gap-3 sm:hidden">
      {data.months.map((month) => {
        const figures = figuresOf(month);
        return (
          <li key={month.month} className="rounded-lg border border-slate-200 p-3">
            <h4 className="font-semibold text-slate-900">
              {longMonth(month.month)}
              {month.month === data.currentMonth && (
                <span className="font-normal text-slate-600"> (so far)</span>
              )}
            </h4>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {COLUMNS.map((label, index) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900 tabular-nums">{figures[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

function Definition({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline font-semibold text-slate-900">{term}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

function ArticlesSection({ query }: { query: UseQueryResult<AdminInsights> }) {
  return (
    <SectionCard
      id="insights-articles-title"
      icon={Newspaper}
      title="Articles That Led to Bookings"
      description="Bookings made from an article's page, in the months shown. The booking itself says which article it came from: no cookies, and nothing about the reader."
    >
      <QueryState
        query={query}
        what="the articles"
        isEmpty={(data) => data.articles.length === 0}
        empty="No booking was made from an article's page in these months."
      >
        {(data) => <ArticlesTable articles={data.articles} />}
      </QueryState>
    </SectionCard>
  );
}

function ArticlesTable({ articles }: { articles: readonly ArticleAttribution[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <caption className="sr-only">Bookings made from each article&apos;s page, most paid first</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-left text-sm font-semibold text-slate-700 sm:px-6">
              Article
            </th>
            <th scope="col" className={headClass}>
              Started
            </th>
            <th scope="col" className={cn(headClass, "pr-4 sm:pr-6")}>
              Paid
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {articles.map((article) => (
            <tr key={article.slug}>
              <th scope="row" className="px-4 py-2.5 text-left text-sm font-medium text-slate-900 sm:px-6">
                {article.title === null ? (
                  <>
                    <span className="font-mono text-xs break-all">{article.slug}</span>{" "}
                    <span className="font-normal text-slate-600">(article removed)</span>
                  </>
                ) : (
                  <a
                    href={`/articles/${article.slug}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {article.title}
                  </a>
                )}
              </th>
              <td className={cellClass}>{count(article.holds)}</td>
              <td className={cn(cellClass, "pr-4 sm:pr-6")}>{count(article.paidHolds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The clinic's previous month, first and last date: what an accountant usually asks for. */
function previousMonthDates(currentMonth: string | undefined): DateRange {
  if (!currentMonth) return { from: "", to: "" };
  return { from: `${addMonths(currentMonth, -1)}-01`, to: addDaysToDate(`${currentMonth}-01`, -1) };
}

/** The clinic's month so far: its first day to today. */
function thisMonthDates(currentMonth: string | undefined, today: string | undefined): DateRange {
  if (!currentMonth || !today) return { from: "", to: "" };
  return { from: `${currentMonth}-01`, to: today };
}

/** What the file of these dates will hold, said before it is downloaded (an empty file is no surprise). */
function ReceiptsCount({ from, to }: DateRange) {
  const checked = receiptsQuerySchema.safeParse({ from, to });
  const summary = useQuery(receiptsSummaryQuery(checked.success ? checked.data : null));
  if (!checked.success || !summary.data) return null;
  const { payments, amount } = summary.data;
  return (
    <p role="status" className="w-full text-sm text-slate-700" data-testid="receipts-count">
      {payments === 0
        ? "No payment was received between these dates: the file would hold only its column headings."
        : `${count(payments)} ${payments === 1 ? "payment" : "payments"} received between these dates, ${rupees(amount)} in all.`}
    </p>
  );
}

/**
 * The receipts' CSV: an ordinary form that the browser sends itself once the dates are right, so the file downloads
 * as it streams, whatever its size.
 */
function ReceiptsSection({
  currentMonth,
  today,
}: {
  currentMonth: string | undefined;
  today: string | undefined;
}) {
  const [range, setRange] = useState(() => previousMonthDates(currentMonth));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    const checked = receiptsQuerySchema.safeParse(range);
    if (checked.success) return setErrors({});
    event.preventDefault();
    setErrors(fieldErrors(checked.error.issues));
  };

  return (
    <SectionCard
      id="insights-receipts-title"
      icon={FileSpreadsheet}
      title="Receipts for Your Accountant"
      description={`A spreadsheet (CSV) of every payment received between two dates: receipt number, date, booking, patient, amount paid and any refund. Up to ${MAX_RECEIPT_DAYS} days at a time.`}
    >
      <form
        method="get"
        action={RECEIPTS_CSV_PATH}
        noValidate
        onSubmit={submit}
        aria-label="Download receipts"
        className="flex flex-col gap-3 p-5 sm:flex-row sm:flex-wrap sm:items-start sm:p-6"
      >
        <RangeFields
          idPrefix="receipts"
          type="date"
          named
          range={range}
          errors={errors}
          onChange={setRange}
        />
        <div className="sm:pt-7">
          <Button type="submit">
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        </div>
        <div className="flex w-full flex-wrap gap-2">
          {(
            [
              ["Last month", previousMonthDates(currentMonth)],
              ["This month so far", thisMonthDates(currentMonth, today)],
            ] as const
          ).map(([label, dates]) => (
            <Button
              key={label}
              type="button"
              size="sm"
              variant="outline"
              disabled={!dates.from}
              onClick={() => {
                setRange(dates);
                setErrors({});
              }}
            >
              {label}
            </Button>
          ))}
        </div>
        <ReceiptsCount {...range} />
      </form>
    </SectionCard>
  );
}
