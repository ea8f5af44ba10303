import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { SiteMessageId } from "@shared/i18n/messages";
import { useDates, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "./button";

/**
 * A month calendar as an accessible grid (the WAI-ARIA date grid, as React Aria and Radix-style pickers build it):
 * one tab stop, arrow keys move a day or a week, Home and End go to the start and end of the week, Page Up and Page
 * Down change the month (with Shift, the year), Enter and Space choose. Dates that cannot be chosen stay focusable,
 * so a keyboard user can move across them and hear why, but choosing them does nothing.
 */

export interface CalendarDayFacts {
  /** Cannot be chosen. */
  disabled: boolean;
  /** What a screen reader says after the date: "6 times free", "on leave". */
  description: string;
  /** Small visible text under the day's number. */
  badge?: ReactNode;
}

interface CalendarProps {
  /** The month shown, YYYY-MM. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The months that may be shown, YYYY-MM. */
  minMonth: string;
  maxMonth: string;
  selected: string | undefined;
  onSelect: (date: string) => void;
  dayFacts: (date: string) => CalendarDayFacts;
  /** Today, marked with aria-current. */
  today?: string;
  /** The month's facts are loading: days are shown, none can be chosen yet. */
  busy?: boolean;
  /** 0: weeks start on Sunday (India's calendars), 1: on Monday. */
  weekStartsOn?: 0 | 1;
  /** A label for the whole calendar, read before the month: "Appointment Date". */
  label: string;
  id: string;
  describedBy?: string | undefined;
}

const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

function addDays(date: string, days: number): string {
  const next = toUtc(date);
  next.setUTCDate(next.getUTCDate() + days);
  return fromUtc(next);
}

function shiftMonth(month: string, count: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + count, 1)).toISOString().slice(0, 7);
}

function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** The same day of the month in another month, or its last day when shorter (31 January -> 28 February). */
function sameDayIn(date: string, month: string): string {
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** The month's weeks, with null before the first and after the last day. */
function weeksOf(month: string, weekStartsOn: 0 | 1): (string | null)[][] {
  const count = daysInMonth(month);
  const lead = (toUtc(`${month}-01`).getUTCDay() - weekStartsOn + 7) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function Calendar({
  month,
  onMonthChange,
  minMonth,
  maxMonth,
  selected,
  onSelect,
  dayFacts,
  today,
  busy = false,
  weekStartsOn = 0,
  label,
  id,
  describedBy,
}: CalendarProps) {
  const titleId = `${id}-title`;
  const t = useT();
  const dates = useDates();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState(() =>
    selected?.startsWith(month) ? selected : sameDayIn(today ?? `${month}-01`, month),
  );
  // Focus follows the keys only after a key was pressed inside the grid, never on the first render.
  const moveFocus = useRef(false);
  const focusedInMonth = focused.startsWith(month) ? focused : sameDayIn(focused, month);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusedInMonth}"]`)?.focus();
  }, [focusedInMonth]);

  // A date chosen from outside (the first free day) becomes the grid's tab stop.
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    if (selected) setFocused(selected);
  }

  const go = (date: string) => {
    const target = date.slice(0, 7);
    if (target < minMonth || target > maxMonth) return;
    moveFocus.current = true;
    setFocused(date);
    if (target !== month) onMonthChange(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekday = (toUtc(focusedInMonth).getUTCDay() - weekStartsOn + 7) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusedInMonth, -1),
      ArrowRight: () => addDays(focusedInMonth, 1),
      ArrowUp: () => addDays(focusedInMonth, -7),
      ArrowDown: () => addDays(focusedInMonth, 7),
      Home: () => addDays(focusedInMonth, -weekday),
      End: () => addDays(focusedInMonth, 6 - weekday),
      PageUp: () => sameDayIn(focusedInMonth, shiftMonth(month, event.shiftKey ? -12 : -1)),
      PageDown: () => sameDayIn(focusedInMonth, shiftMonth(month, event.shiftKey ? 12 : 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move());
  };

  const choose = (date: string, facts: CalendarDayFacts) => {
    setFocused(date);
    if (!facts.disabled && !busy) onSelect(date);
  };

  // The page's language names the days and the month (its catalogue's names, as the dates elsewhere).
  const weekdays = Array.from({ length: 7 }, (_, i) => (i + weekStartsOn) % 7).map((day) => ({
    name: t(`weekday.${day}` as SiteMessageId),
    short: t(`weekdayShort.${day}` as SiteMessageId),
  }));
  const monthTitle = t("date.monthYear", {
    month: t(`month.${Number(month.slice(5, 7))}` as SiteMessageId),
    year: month.slice(0, 4),
  });
  /** Previous month (-1) or next month (1): the focus keeps its day of the month. */
  const monthButton = (step: -1 | 1) => {
    const next = shiftMonth(month, step);
    const Icon = step < 0 ? ChevronLeft : ChevronRight;
    return (
      <Button
        variant="ghost"
        size="icon"
        aria-label={step < 0 ? t("calendar.previous") : t("calendar.next")}
        disabled={step < 0 ? month <= minMonth : month >= maxMonth}
        onClick={() => {
          setFocused(sameDayIn(focusedInMonth, next));
          onMonthChange(next);
        }}
      >
        <Icon aria-hidden="true" />
      </Button>
    );
  };

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className="flex flex-col gap-2"
      id={id}
    >
      <div className="flex items-center justify-between gap-2">
        {monthButton(-1)}
        <p id={titleId} aria-live="polite" className="text-base font-semibold text-slate-900">
          {monthTitle}
        </p>
        {monthButton(1)}
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        onKeyDown={onKeyDown}
        className="w-full table-fixed border-collapse"
      >
        <thead>
          <tr>
            {weekdays.map(({ name, short }) => (
              <th key={name} scope="col" abbr={name} className="pb-1 text-xs font-medium text-slate-600">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month, weekStartsOn).map((week, index) => (
            <tr key={index}>
              {week.map((date, column) => {
                if (!date) return <td key={`empty-${column}`} role="gridcell" />;
                const facts = busy ? { disabled: true, description: t("calendar.loading") } : dayFacts(date);
                const isSelected = date === selected;
                const isToday = date === today;
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === focusedInMonth ? 0 : -1}
                      // "today" in the name too: not every screen reader says aria-current.
                      aria-label={t(isToday ? "calendar.today" : "calendar.day", {
                        date: dates.longWithWeekday(date),
                        facts: facts.description,
                      })}
                      aria-disabled={facts.disabled || undefined}
                      aria-current={isToday ? "date" : undefined}
                      onClick={() => choose(date, facts)}
                      className={cn(
                        "flex h-12 w-full flex-col items-center justify-center rounded-md text-sm leading-tight transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                        facts.disabled
                          ? "cursor-default text-slate-500"
                          : "bg-brand-50 font-semibold text-brand-800 hover:bg-brand-100",
                        isSelected && "bg-brand-700 text-white hover:bg-brand-700",
                        // Today is outlined inside the day, in the brand colour (on the chosen day, in white);
                        // keyboard focus is drawn outside it.
                        isToday && "font-bold ring-2 ring-brand-700 ring-inset",
                        isToday && isSelected && "ring-white",
                      )}
                    >
                      <span>{Number(date.slice(8, 10))}</span>
                      {facts.badge !== undefined && (
                        <span
                          aria-hidden="true"
                          className={cn(
                            "text-[0.6875rem] font-normal",
                            isSelected ? "text-white" : "text-slate-700",
                          )}
                        >
                          {facts.badge}
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
