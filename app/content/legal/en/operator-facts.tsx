import type { ReactNode } from "react";
import { Fill } from "../blocks";

/** Who runs Comet: the first rows of both notices under the Act on Specified Commercial Transactions, for the operator to fill. */
export const operatorFacts: readonly (readonly [ReactNode, ReactNode])[] = [
  [
    "Seller (販売業者)",
    <Fill>[Operator's legal name (company name, or the full name of an individual business owner)]</Fill>,
  ],
  [
    "Person in charge (運営統括責任者)",
    <Fill>[Name of the representative or the person responsible for the service]</Fill>,
  ],
  [
    "Address (所在地)",
    <>
      <Fill>[Registered address]</Fill> (an individual operator may instead state: "disclosed without delay on request")
    </>,
  ],
  [
    "Telephone (電話番号)",
    <>
      <Fill>[Telephone number and hours]</Fill>, or: "Disclosed without delay on request
      (請求があれば遅滞なく開示いたします)." Please send enquiries by e-mail first.
    </>,
  ],
  ["E-mail (メールアドレス)", <Fill>[support e-mail address]</Fill>],
];
