/**
 * Whether the order still lets its seller change its chat's settings (chatRoom.update): the Order object's
 * updateChatSettings is the one source of that rule. The chat's door (worker/api/chat.ts) asks here before the room
 * takes the settings.
 */
import type { OrderActResult } from "./domain/order-contract";
import type { CommandContext } from "./command";
import { orderStub } from "./order-stub";

export const decideChatSettings = (context: CommandContext, orderId: string): Promise<OrderActResult> =>
  orderStub(context.env.ORDER, orderId).act({ type: "updateChatSettings" }, { userAccountId: context.user.accountId });
