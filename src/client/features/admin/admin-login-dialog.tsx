import { useMutation } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { errorStatus } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { adminKeys, login as signIn } from "./api";
import { serverMessage } from "./api-errors";
import { closeAdminLogin } from "@/lib/dialogs";

/** The administrator's sign-in: one password field; a lazy chunk opened by the footer. */
export default function AdminLoginDialog() {
  const [password, setPassword] = useState("");
  const [, navigate] = useLocation();

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      setPassword("");
      closeAdminLogin();
      // The guard shows the dashboard at once; the refetch confirms the cookie took.
      queryClient.setQueryData(adminKeys.session, session);
      void queryClient.invalidateQueries({ queryKey: adminKeys.session });
      navigate("/admin");
      toast({ title: "Login Successful", description: "Welcome to the admin dashboard!" });
    },
    onError: (error) => {
      const status = errorStatus(error);
      if (status === 401) {
        // The mapper would read 401 as an expired session; at login it means a wrong password.
        toast({
          title: "Login Failed",
          description: "The password you entered is incorrect. Please try again.",
          variant: "destructive",
        });
      } else if (status === 429) {
        toast({
          title: "Too Many Attempts",
          description:
            serverMessage(error) ?? "Too many failed attempts. Please wait a few minutes and try again.",
          variant: "destructive",
        });
      } else {
        showErrorToast(error, "login");
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || password.trim() === "") return;
    login.mutate(password);
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && closeAdminLogin()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <LockKeyhole className="size-5 text-brand-700" aria-hidden="true" />
            Admin Login
          </DialogTitle>
          <DialogDescription>Enter the administrator password to open the dashboard.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="admin-password">Password</Label>
            <Input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-required
              // The dialog exists only to take this password; focus belongs here when it opens.
              autoFocus
              maxLength={1000}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
