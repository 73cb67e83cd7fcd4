import { m } from "~/paraglide/messages.js";
import { requestContext } from "~/lib/request-context";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  return { handle: user?.handle ?? null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <main className="p-8"><h1 className="text-2xl font-bold">{m.home_title()}</h1><p>{loaderData.handle}</p></main>;
}
