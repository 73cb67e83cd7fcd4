/**
 * A PaymentIntent as the order knows it: which one, and exactly what it charges (minor units, ISO code upper-case).
 * Its own room so that the stages (order-stages.ts) and the order's shapes (order-types.ts) both name it without
 * importing each other.
 */
export interface PaymentRef {
  intentId: string;
  amount: number;
  currency: string;
}
