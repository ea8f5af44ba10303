import type {
  PrescribedMedicine,
  PrescriptionTemplate,
  PrescriptionTemplateContent,
} from "@shared/prescription";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookmarkPlus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import {
  deletePrescriptionTemplate,
  prescriptionTemplatesQuery,
  savePrescriptionTemplate,
  templatesKey,
} from "./consultation-record-api";

const selectClass =
  "h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** Her favourite medicines, for the generic name's suggestions and to fill a row she picks from them. */
export function useFavouriteMedicines(): PrescribedMedicine[] {
  const { data } = useQuery(prescriptionTemplatesQuery());
  return data?.favourites ?? [];
}

/** The favourite of this generic name (as typed, any case), if she has prescribed it before. */
export function favouriteNamed(
  favourites: PrescribedMedicine[],
  name: string,
): PrescribedMedicine | undefined {
  const wanted = name.trim().toUpperCase();
  return wanted ? favourites.find((medicine) => medicine.genericName === wanted) : undefined;
}

/** The generic names she prescribes most, as a list the inputs suggest from. */
export function FavouriteMedicineList({ id }: { id: string }) {
  const favourites = useFavouriteMedicines();
  return (
    <datalist id={id}>
      {favourites.map((medicine) => (
        <option key={`${medicine.genericName}-${medicine.strength}`} value={medicine.genericName}>
          {medicine.strength}
        </option>
      ))}
    </datalist>
  );
}

/** Whether the form holds nothing a template would overwrite. */
function isBlank(content: PrescriptionTemplateContent): boolean {
  return (
    content.diagnosis === "" &&
    content.medicines.length === 0 &&
    content.investigations === "" &&
    content.advice === ""
  );
}

/**
 * Above the prescription form: fill it from one of her templates, save what it holds as a template, or delete one.
 * Applying fills the diagnosis, medicines, investigations and advice; the sex, weight and follow-up stay the
 * consultation's own.
 */
export function TemplateBar({
  current,
  onApply,
}: {
  /** What the form holds now, to save as a template. */
  current: () => PrescriptionTemplateContent;
  onApply: (template: PrescriptionTemplate) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery(prescriptionTemplatesQuery());
  const templates = data?.templates ?? [];
  const [chosen, setChosen] = useState("");
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: templatesKey });
  const save = useMutation({
    mutationFn: () => savePrescriptionTemplate({ name, ...current() }),
    onSuccess: async (saved) => {
      toast({ title: "Template saved", description: `"${saved.name}" fills the form next time.` });
      setNaming(false);
      setName("");
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deletePrescriptionTemplate,
    onSuccess: async () => {
      setChosen("");
      setDeleting(null);
      await refresh();
    },
  });
  const template = templates.find((entry) => entry.id === chosen);
  const [deleting, setDeleting] = useState<PrescriptionTemplate | null>(null);

  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3">
      {templates.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-template`}>Fill from a template</Label>
          <div className="flex flex-wrap items-center gap-2">
            <select
              id={`${id}-template`}
              className={selectClass}
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                // Into an empty form a template goes at once; over her own writing only with Apply.
                const picked = templates.find((entry) => entry.id === event.target.value);
                if (picked && isBlank(current())) onApply(picked);
              }}
            >
              <option value="">Choose a template…</option>
              {templates.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="outline"
              disabled={!template}
              onClick={() => template && onApply(template)}
            >
              Apply
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={!template || remove.isPending}
              aria-label={template ? `Delete the template ${template.name}` : "Delete the template"}
              onClick={() => template && setDeleting(template)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-xs text-slate-600">
          No templates yet: write a prescription you give often, then save it as a template.
        </p>
      )}
      {naming ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <div className="flex min-w-48 flex-1 flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>Template name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save template
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setNaming(true)}>
            <BookmarkPlus aria-hidden="true" /> Save as template
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the template “${deleting?.name ?? ""}”?`}
        description="Prescriptions already issued from it stay as they are."
        confirmLabel="Delete template"
        cancelLabel="Keep it"
        pending={remove.isPending}
        error={
          remove.error ? (serverMessage(remove.error) ?? "Something went wrong. Please try again.") : null
        }
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage(save.error) ?? "Something went wrong. Please try again."}
        </p>
      ) : null}
    </div>
  );
}
