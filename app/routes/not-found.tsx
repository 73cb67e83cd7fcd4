import { data } from "react-router";

/** Any path no other route claims: a real 404, rendered by the site layout's error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

// A default export keeps this a page route, so the 404 renders as a page rather than an empty response.
export default function NotFound() {
  return null;
}
