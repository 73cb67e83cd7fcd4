import { data } from "react-router";

/** /cf/{code}: the commission form page. Forms arrive in the next issue; until then every code is unknown. */
export function loader() {
  throw data(null, { status: 404 });
}

// A default export keeps this a page route, so the 404 renders the site layout's error page, not an empty body.
export default function CommissionForm() {
  return null;
}
