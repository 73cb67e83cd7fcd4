import { Suspense, lazy, useState } from "react";
import { m } from "#app/paraglide/messages.js";

// The modal loads when a pointer nears the button, it gets focus, or at the latest on the click.
const loadShareModal = () => import("./share-dialog");
const ShareModal = lazy(() => loadShareModal().then((module) => ({ default: module.ShareModal })));

/** A Share button and its modal (share-dialog.tsx), which is fetched on first use. */
export function ShareButton({ path, text }: { path: string; text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button-secondary"
        onPointerEnter={loadShareModal}
        onFocus={loadShareModal}
        onClick={() => setOpen(true)}
      >
        {m.catalog_share()}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareModal path={path} text={text} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
