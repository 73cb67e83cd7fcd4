import { DurableObject } from "cloudflare:workers";

/**
 * One instance per commission order (idFromName(orderId)): the only writer of that order's state.
 * Transitions are serialized by the object; deadlines are alarms. This first version keeps the order's
 * deadline schedule; the state machine itself arrives with the order issue.
 */
export class Order extends DurableObject<Env> {
  async scheduleDeadline(deadline: number): Promise<void> {
    await this.ctx.storage.put("deadline", deadline);
    await this.ctx.storage.setAlarm(deadline);
  }

  async getDeadline(): Promise<number | null> {
    return (await this.ctx.storage.get<number>("deadline")) ?? null;
  }

  async alarm(): Promise<void> {
    const firedAt = Date.now();
    await this.ctx.storage.put("lastAlarmAt", firedAt);
    await this.ctx.storage.delete("deadline");
  }

  async getLastAlarmAt(): Promise<number | null> {
    return (await this.ctx.storage.get<number>("lastAlarmAt")) ?? null;
  }
}
