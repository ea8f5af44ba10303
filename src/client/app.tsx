import {
  type DehydratedState,
  HydrationBoundary,
  type QueryClient,
  QueryClientProvider,
} from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { ToasterRoot } from "@/components/ui/toaster-root";
import { AdminLoginRoot } from "@/features/admin/admin-login-root";
import { BookingRoot } from "@/features/booking/booking-root";
import { useCanonicalFollowsAddress } from "@/lib/use-canonical-address";
import HomePage from "@/pages/home";

/**
 * Every page but the home page is its own chunk, the 404 page too. The server renders the public ones (their chunk
 * is in the page's preload list when the browser hydrates them); the admin, payment result and video pages render
 * only in the browser.
 */
const ContactUsPage = lazy(() => import("@/pages/contact-us"));
const TermsPage = lazy(() => import("@/pages/terms"));
const PrivacyPage = lazy(() => import("@/pages/privacy"));
const RefundsPage = lazy(() => import("@/pages/refunds"));
const ArticlePage = lazy(() => import("@/pages/article"));
const AdminPage = lazy(() => import("@/pages/admin"));
const CashfreeTestPage = lazy(() => import("@/pages/admin-cashfree-test"));
const AdminPatientsPage = lazy(() => import("@/pages/admin-patients"));
const AdminAccessLogPage = lazy(() => import("@/pages/admin-access-log"));
const PaymentCallbackPage = lazy(() => import("@/pages/payment-callback"));
const VideoConsultationPage = lazy(() => import("@/pages/video-consultation"));
const ManageAppointmentPage = lazy(() => import("@/pages/manage-appointment"));
const NotFoundPage = lazy(() => import("@/pages/not-found"));

function PageFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}

export interface AppProps {
  queryClient: QueryClient;
  /** The reads the server put into the page (TanStack Query's dehydrated cache). */
  queries?: DehydratedState;
}

export function App({ queryClient, queries }: AppProps) {
  useCanonicalFollowsAddress();
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={queries}>
        <Suspense fallback={<PageFallback />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/contact-us" component={ContactUsPage} />
            <Route path="/terms-conditions" component={TermsPage} />
            <Route path="/privacy" component={PrivacyPage} />
            <Route path="/refunds-cancellations" component={RefundsPage} />
            <Route path="/articles/:slug" component={ArticlePage} />
            <Route path="/admin" component={AdminPage} />
            <Route path="/admin/cashfree-test" component={CashfreeTestPage} />
            <Route path="/admin/patients" component={AdminPatientsPage} />
            <Route path="/admin/access-log" component={AdminAccessLogPage} />
            <Route path="/payment/callback" component={PaymentCallbackPage} />
            <Route path="/video-consultation/:roomId" component={VideoConsultationPage} />
            <Route path="/appointments/manage/:token" component={ManageAppointmentPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
        <BookingRoot />
        <AdminLoginRoot />
        <ToasterRoot />
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
