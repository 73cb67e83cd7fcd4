// The order pages' one toast: back from 3-D Secure (the intent's return_url, a fresh page load), it says how the
// payment ended once, then drops the redirect's query so a reload does not ask again. Loaded only on that return
// (order-page.tsx), with the toast and its timer; the server renders its live region, so the notice is announced.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Toast, useToast, type ToastMessage } from "#app/components/toast/toast";
import { withQuery } from "./order-list";

export default function PaymentReturnToast({ notice }: { notice: ToastMessage }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { toast, show } = useToast();
  useEffect(() => {
    show(notice);
    navigate(withQuery(search, { payment_intent: null, payment_intent_client_secret: null, redirect_status: null }), {
      replace: true,
      preventScrollReset: true,
    });
  }, [notice]);
  return <Toast toast={toast} />;
}
