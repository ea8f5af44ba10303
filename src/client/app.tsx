import { TooltipProvider } from "@radix-ui/react-tooltip";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Toaster } from "@/components/ui/toaster";
import { AdminLoginRoot } from "@/features/admin/admin-login-root";
import { BookingRoot } from "@/features/booking/booking-root";
import { queryClient } from "@/lib/query-client";
import HomePage from "@/pages/home";
import NotFoundPage from "@/pages/not-found";

// Everything but the landing page loads on demand, so a parent on a slow phone gets the home page first.
const ContactUsPage = lazy(() => import("@/pages/contact-us"));
const TermsPage = lazy(() => import("@/pages/terms"));
const RefundsPage = lazy(() => import("@/pages/refunds"));
const ArticlePage = lazy(() => import("@/pages/article"));
const AdminPage = lazy(() => import("@/pages/admin"));
const CashfreeTestPage = lazy(() => import("@/pages/admin-cashfree-test"));
const PaymentCallbackPage = lazy(() => import("@/pages/payment-callback"));
const VideoConsultationPage = lazy(() => import("@/pages/video-consultation"));

function PageFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        <Suspense fallback={<PageFallback />}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/contact-us" component={ContactUsPage} />
            <Route path="/terms-conditions" component={TermsPage} />
            <Route path="/refunds-cancellations" component={RefundsPage} />
            <Route path="/articles/:slug" component={ArticlePage} />
            <Route path="/admin" component={AdminPage} />
            <Route path="/admin/cashfree-test" component={CashfreeTestPage} />
            <Route path="/payment/callback" component={PaymentCallbackPage} />
            <Route path="/video-consultation/:roomId" component={VideoConsultationPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
        <BookingRoot />
        <AdminLoginRoot />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
