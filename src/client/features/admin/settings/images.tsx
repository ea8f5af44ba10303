import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Image as ImageIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { showErrorToast } from "@/lib/error-toast";
import { toast } from "@/lib/use-toast";
import { SectionCard } from "../section-title";
import { profileQuery, settingsKeys, signatureUrl, uploadPhoto, uploadSignature } from "./api";
import { useSettingsSaved } from "./settings-saved";

/** Settings › Photo and signature: the photo parents see, the signature printed on prescriptions. */
export function ImageSettings() {
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const [signatureVersion, setSignatureVersion] = useState(0);
  const [signatureShown, setSignatureShown] = useState(true);
  const afterUpload = useSettingsSaved();
  const photo = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.profile, answer);
      afterUpload();
      toast({ title: "Photo Saved", description: "The home page now shows it." });
    },
    onError: (error) => showErrorToast(error),
  });
  const signature = useMutation({
    mutationFn: uploadSignature,
    onSuccess: () => {
      afterUpload();
      setSignatureShown(true);
      setSignatureVersion((version) => version + 1);
      toast({ title: "Signature Saved", description: "Prescriptions issued from now on carry it." });
    },
    onError: (error) => showErrorToast(error),
  });
  const photoUrl = profile.data?.profile.doctor.photoUrl;
  return (
    <SectionCard
      id="image-settings-title"
      icon={ImageIcon}
      title="Photo and signature"
      description="Your photo is shown on the home page and in search results. Your signature is printed on prescriptions."
    >
      <div className="grid gap-6 p-5 sm:grid-cols-2 sm:p-6">
        <ImageUpload
          label="Photo"
          hint="JPEG, PNG or WebP, at least 480 pixels wide, up to 8 MB. It is cropped to 4:3."
          accept="image/jpeg,image/png,image/webp"
          pending={photo.isPending}
          onUpload={(file) => photo.mutate(file)}
          current={
            photoUrl ? (
              <img
                src={photoUrl}
                alt="Your photo as the site shows it"
                className="aspect-[4/3] w-48 rounded-md object-cover"
              />
            ) : (
              <p className="text-sm text-slate-700">No photo yet.</p>
            )
          }
        />
        <ImageUpload
          label="Signature"
          hint="PNG or JPEG, up to 8 MB: a photo or scan of your signature on white paper."
          accept="image/png,image/jpeg"
          pending={signature.isPending}
          onUpload={(file) => signature.mutate(file)}
          current={
            signatureShown ? (
              <img
                src={signatureUrl(signatureVersion)}
                alt="Your signature as prescriptions print it"
                className="h-16 w-auto max-w-full rounded-md border border-slate-200 bg-white object-contain p-1"
                onError={() => setSignatureShown(false)}
              />
            ) : (
              <p className="text-sm text-slate-700">
                No signature uploaded: prescriptions say they were signed electronically.
              </p>
            )
          }
        />
      </div>
    </SectionCard>
  );
}

function ImageUpload({
  label,
  hint,
  accept,
  pending,
  onUpload,
  current,
}: {
  label: string;
  hint: string;
  accept: string;
  pending: boolean;
  onUpload: (file: File) => void;
  current: React.ReactNode;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(`Choose a file for your ${label.toLowerCase()}`);
      return;
    }
    setError(null);
    onUpload(file);
  };
  return (
    <form aria-label={label} noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-base font-semibold text-slate-900">{label}</p>
      {current}
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        New {label.toLowerCase()}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="text-sm"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <SubmitButton pending={pending} busyLabel="Uploading...">
          Upload {label.toLowerCase()}
        </SubmitButton>
      </div>
    </form>
  );
}
