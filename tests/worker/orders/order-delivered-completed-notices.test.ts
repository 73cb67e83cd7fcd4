// Issue 33, "done but untested": the DELIVERED and COMPLETED notices. The seller delivers a paid order, then completes
// a delivered one (spec section 4), each through the order's real door; the buyer is told of each once, with its title,
// message naming the order, icon and colour, and a link to the buyer's view of the order (spec section 2); the seller,
// who acted, is not told of their own action.
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type Party } from "../support/order-states";
import { confirmed } from "../support/confirmed";

type Item = { title: string; message: string | null; href: string; icon: string; colour: string };

async function notices(party: Party): Promise<Item[]> {
  const response = await call("/api/features/notification/list", { cookie: party.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { items: Item[] } }).data.items;
}

async function act(action: "deliver" | "complete", seller: Party, orderId: string) {
  const response = await call(`/api/features/commission/order/${action}`, {
    method: "POST",
    cookie: seller.cookie,
    json: confirmed({ orderId }),
  });
  expect(response.status, `${action}: ${await response.clone().text()}`).toBe(200);
}

describe("the DELIVERED and COMPLETED notices", () => {
  it("delivering tells the buyer 'Delivered', linking to the buyer's view of the order; the seller is not told", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    await act("deliver", seller, order.id);

    const delivered = (await notices(buyer)).filter((item) => item.title === "Delivered");
    expect(delivered).toHaveLength(1);
    expect(delivered[0].message).toMatch(new RegExp(`delivered order ${order.code}\\. Take a look at the files\\.$`));
    expect(delivered[0].href).toBe(`/dashboard/commission/client/requests?order=${order.code}`);
    expect([delivered[0].icon, delivered[0].colour]).toEqual(["package", "teal"]);
    expect((await notices(seller)).filter((item) => item.title === "Delivered")).toEqual([]);
  });

  it("completing tells the buyer 'Completed', linking to the buyer's view of the order; the seller is not told", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("DELIVERED", seller, buyer);
    await act("complete", seller, order.id);

    const completed = (await notices(buyer)).filter((item) => item.title === "Completed");
    expect(completed).toHaveLength(1);
    expect(completed[0].message).toMatch(new RegExp(`^Order ${order.code} with .+ is complete\\.$`));
    expect(completed[0].href).toBe(`/dashboard/commission/client/requests?order=${order.code}`);
    expect([completed[0].icon, completed[0].colour]).toEqual(["flag", "emerald"]);
    expect((await notices(seller)).filter((item) => item.title === "Completed")).toEqual([]);
  });
});
