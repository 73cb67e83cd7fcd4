import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { ORDER_COMMANDS } from "../orders/commands";
import { commandRoutes } from "./order-commands";

/**
 * POST /api/features/commission/order/… (spec section 7): every order action is a command (worker/orders/commands/,
 * one file each: approve, cancel, deliver, complete, update, pay, the milestones' stages, extensions, disputes,
 * deliverables, admin-cancel), its route laid out by `commandRoutes`. The command finds the caller and hands the action
 * to the order's Durable Object, which checks the actor and every rule; someone who is neither seller nor buyer gets
 * 404, as for an order that does not exist.
 */
export const orderApi = new Hono<AppEnv>();

commandRoutes(orderApi, ORDER_COMMANDS);
