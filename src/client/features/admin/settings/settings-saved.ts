import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api";
import { showErrorToast } from "@/lib/error-toast";
import { adminKeys } from "../api";
import { issuesByPath } from "../sessions-editor";
import { settingsKeys } from "./api";

/**
 * After a change in Settings: the reads it touched are stale (`key`, when the answer was not put in their place),
 * with the history that now holds the change and the setup checklist that may tick it off.
 */
export function useSettingsSaved(key?: readonly string[]) {
  const queryClient = useQueryClient();
  return () => {
    if (key) void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.history });
    void queryClient.invalidateQueries({ queryKey: adminKeys.setup });
  };
}

/** A refused change: the answer's field messages under their fields, and the catalogue's toast. */
export function showProblem(error: unknown, setErrors: (errors: Record<string, string>) => void) {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.body?.issues)
    setErrors(issuesByPath(error.body.issues));
  showErrorToast(error);
}
