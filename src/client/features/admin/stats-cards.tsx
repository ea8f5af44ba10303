import { formatRupees } from "@shared/booking";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, FileText, IndianRupee, type LucideIcon, Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRevenueK } from "./admin-format";
import { statsQuery } from "./api";

interface StatCardProps {
  label: string;
  value: string | undefined;
  hint?: string | undefined;
  icon: LucideIcon;
}

function StatCard({ label, value, hint, icon: Icon }: StatCardProps) {
  return (
    <Card className="flex items-start justify-between gap-3 p-5">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        {value === undefined ? (
          <Skeleton className="h-8 w-16" />
        ) : (
          <p className="text-2xl font-bold text-slate-900 sm:text-3xl">{value}</p>
        )}
        {hint && <p className="text-xs text-slate-600">{hint}</p>}
      </div>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </Card>
  );
}

/** The four figures of the dashboard. */
export function StatsCards() {
  const { data, isError } = useQuery(statsQuery());

  const show = (value: number | undefined) => (isError ? "–" : value?.toLocaleString("en-IN"));
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Overview
      </h2>
      {isError && (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          The figures could not be loaded. Please refresh the page.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Today's Appointments" value={show(data?.todayAppointments)} icon={CalendarDays} />
        <StatCard label="Published Articles" value={show(data?.publishedArticles)} icon={FileText} />
        <StatCard label="Total Patients" value={show(data?.totalPatients)} icon={Users} />
        <StatCard
          label="Total Revenue"
          value={isError ? "–" : data && formatRevenueK(data.totalRevenue)}
          hint={data && `₹${formatRupees(data.totalRevenue)} received`}
          icon={IndianRupee}
        />
      </div>
    </section>
  );
}
