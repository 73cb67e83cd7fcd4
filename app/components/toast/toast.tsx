import { useEffect, useState } from "react";

export interface ToastMessage {
  title: string;
  description: string;
  variant?: "success" | "error";
}

/** Spec section 8: the success toast stays 1000 ms. */
const TOAST_DURATION_MS = 1000;

/**
 * A short notice in the corner ('Success' / 'Successfully'; 'Error' with a message). The live region is always in
 * the page, so every notice is announced; `show` restarts the timer for a new one.
 */
export function useToast() {
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return { toast, show: (message: ToastMessage) => setToast({ ...message, key: Date.now() }) };
}

export function Toast({ toast }: { toast: ToastMessage | null }) {
  const tone =
    toast?.variant === "error"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      : "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100";
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      {toast && (
        <div className={`min-w-56 rounded-lg border px-4 py-3 shadow-lg ${tone}`}>
          <p className="text-sm font-semibold">{toast.title}</p>
          <p className="text-sm">{toast.description}</p>
        </div>
      )}
    </div>
  );
}
