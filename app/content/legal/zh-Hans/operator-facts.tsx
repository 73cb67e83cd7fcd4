import type { ReactNode } from "react";
import { Fill } from "../blocks";

/** 运营者信息：基于特定商取引法的标示（委托人版、创作者版）开头的项目，由运营者填写。 */
export const operatorFacts: readonly (readonly [ReactNode, ReactNode])[] = [
  ["销售者（販売業者）", <Fill>【运营者的法人名称；如为个体经营者，则为其姓名（户籍上的姓名）】</Fill>],
  ["运营负责人（運営統括責任者）", <Fill>【代表人或业务负责人的姓名】</Fill>],
  [
    "所在地（所在地）",
    <>
      <Fill>【所在地】</Fill>（如为个体经营者，也可记载为“如有请求，将及时披露”）
    </>,
  ],
  [
    "电话号码（電話番号）",
    <>
      <Fill>【电话号码及受理时间】</Fill>
      ，或“如有请求，将及时披露（請求があれば遅滞なく開示いたします）”。咨询请先通过电子邮件联系。
    </>,
  ],
  ["电子邮箱（メールアドレス）", <Fill>【客服电子邮箱地址】</Fill>],
];
