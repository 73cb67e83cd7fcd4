import { useCallback, useState } from "react";
import { UserIcon } from "./icons";

/** A round avatar that falls back to a placeholder when there is no image or it fails to load. */
export function Avatar({
  src,
  alt = "",
  className = "size-8",
  loading,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  loading?: "lazy";
}) {
  const [failed, setFailed] = useState(false);
  // An image that failed before hydration never fires onError for React; check it once mounted.
  const checkLoaded = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (!src || failed) {
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`avatar-fallback ${className}`}
      >
        <UserIcon className="size-3/5" />
      </span>
    );
  }
  return (
    <img
      ref={checkLoaded}
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
      loading={loading}
      className={`avatar ${className}`}
    />
  );
}
