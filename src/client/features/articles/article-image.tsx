import { cn } from "@/lib/utils";

/** Article pictures keep a fixed 16:9 frame, so the grid does not jump while images load. */
export function ArticleImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={800}
      height={450}
      loading={eager ? "eager" : "lazy"}
      // An eager picture is the top of its page (the article's own page, the dialog): the largest thing painted.
      fetchPriority={eager ? "high" : "auto"}
      decoding={eager ? "sync" : "async"}
      className={cn("aspect-video w-full bg-slate-100 object-cover", className)}
    />
  );
}
