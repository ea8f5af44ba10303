import { useMutation } from "@tanstack/react-query";
import { LockKeyhole } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { errorStatus, serverMessage } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { queryClient } from "@/lib/query-client";
import { adminKeys, login as signIn } from "./api";
import { closeAdminLogin } from "@/lib/dialogs";

const ERROR_ID = "admin-password-error";

/**
 * The administrator's sign-in: one password field; a lazy chunk opened by the footer. A failed attempt is said in a
 * toast (the spec's) and under the field, where it stays until the password is changed: on a phone the toast covers
 * the dialog's title and is gone after five seconds. The toast announces it; the field reads it as its description.
 */
export default function AdminLoginDialog() {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();

  /** Says why the attempt failed in a toast and under the field, and puts the cursor back in the field. */
  const failed = (message: string) => {
    setProblem(message);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

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
        const description = "The password you entered is incorrect. Please try again.";
        toast({ title: "Login Failed", description, variant: "destructive" });
        failed(description);
      } else if (status === 429) {
        const description =
          serverMessage(error) ?? "Too many failed attempts. Please wait a few minutes and try again.";
        toast({ title: "Too Many Attempts", description, variant: "destructive" });
        failed(description);
      } else {
        failed(showErrorToast(error, "login"));
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
              ref={inputRef}
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-required
              // The dialog exists only to take this password; focus belongs here when it opens.
              autoFocus
              maxLength={1000}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? ERROR_ID : undefined}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(null);
              }}
            />
            {problem && (
              <p id={ERROR_ID} className="text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
            {login.isPending ? "Logging in..." : "Login"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
