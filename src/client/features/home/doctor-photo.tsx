import type { SiteProfile } from "@shared/site-profile";

/** The widths the server makes an uploaded photo in (src/server/integrations/images/photo.ts). */
const WIDTHS = [480, 960] as const;

/**
 * The doctor's photo, 4:3. One uploaded in Settings comes in AVIF and WebP at two widths, for the browser to take the
 * smallest that is sharp on its screen; a photo named by the profile file is shown as it is.
 */
export function DoctorPhoto({
  doctor,
  className,
  sizes,
  lazy = false,
}: {
  doctor: SiteProfile["doctor"];
  className: string;
  /** How wide the photo shows, for the browser's choice of file. */
  sizes: string;
  lazy?: boolean;
}) {
  if (!doctor.photoUrl) return null;
  const image = (
    <img
      src={doctor.photoUrl}
      alt={doctor.name}
      width={480}
      height={360}
      className={className}
      decoding="async"
      {...(lazy ? { loading: "lazy" as const } : {})}
    />
  );
  const version = doctor.photo?.version;
  if (!version) return image;
  const srcSet = (format: string) =>
    WIDTHS.map((width) => `/media/photo-${version}-${width}.${format} ${width}w`).join(", ");
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      {image}
    </picture>
  );
}
