import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * Article pictures keep a fixed 16:9 frame, so the grid does not jump while images load. A picture that cannot be
 * loaded (a moved file, a host that refuses) gives way to `fallback`: a calm placeholder in a card, nothing above an
 * article's text, instead of an empty grey frame with the picture's title in it.
 */
export function ArticleImage({
  src,
  alt,
  className,
  eager = false,
  fallback = null,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  fallback?: ReactNode;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  // The server-rendered picture may have failed before the page's script took over, when no error handler was
  // listening yet: a finished image with no pixels is a failed one.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  if (failedSrc === src) return fallback;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={800}
      height={450}
      loading={eager ? "eager" : "lazy"}
      // An eager picture is the top of its page (the article's own page, the dialog): the largest thing painted.
      fetchPriority={eager ? "high" : "auto"}
      decoding={eager ? "sync" : "async"}
      onError={() => setFailedSrc(src)}
      className={cn("aspect-video w-full bg-slate-100 object-cover", className)}
    />
  );
}
