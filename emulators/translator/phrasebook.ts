// The stand-in's phrase book: whole sentences and phrases, English and Japanese, looked up both ways (translate.ts).
// Two parts: what a commission's two parties typically write to each other (below, by hand), and every text of the
// demo data (demo-phrases.ts, read from scripts/seed), so `npm run dev` reads naturally in either language.
//
// A `{name}` in a phrase is a slot: it takes any text, carried over exactly as written (a URL, an @handle, an amount, a
// date, a number), so the stand-in keeps what the Worker keeps. Both sides of a phrase have the same slots. Where two
// phrases share a side, the first one listed is the one that side translates to.
import { demoPhrases } from "./demo-phrases.ts";
import type { Phrase } from "./phrase.ts";

/** What clients and creators write in a commission's request and chat, from the first hello to the review. */
const COMMISSION_PHRASES: Phrase[] = [
  // Greetings and courtesies.
  { en: "Hello!", ja: "こんにちは！" },
  { en: "Hi!", ja: "こんにちは！" },
  { en: "Nice to meet you.", ja: "はじめまして。" },
  { en: "Good morning!", ja: "おはようございます！" },
  { en: "Good evening!", ja: "こんばんは！" },
  { en: "Good night!", ja: "おやすみなさい！" },
  { en: "Thank you!", ja: "ありがとうございます！" },
  { en: "Thanks!", ja: "ありがとうございます！" },
  { en: "Thank you very much.", ja: "本当にありがとうございます。" },
  { en: "Thank you for your reply.", ja: "ご返信ありがとうございます。" },
  { en: "Thank you for your request!", ja: "ご依頼ありがとうございます！" },
  { en: "Thank you for accepting my request!", ja: "依頼を受けていただきありがとうございます！" },
  { en: "Thank you for your patience.", ja: "お待ちいただきありがとうございます。" },
  { en: "Sorry for the wait.", ja: "お待たせしてすみません。" },
  { en: "Sorry for the late reply.", ja: "返信が遅くなってすみません。" },
  { en: "I look forward to working with you.", ja: "どうぞよろしくお願いいたします。" },
  { en: "Best regards.", ja: "よろしくお願いします。" },
  { en: "Thank you as always.", ja: "いつもお世話になっております。" },
  { en: "Have a nice day!", ja: "良い一日をお過ごしください！" },
  { en: "Understood.", ja: "承知しました。" },
  { en: "Certainly.", ja: "かしこまりました。" },
  { en: "Got it, thank you!", ja: "了解です、ありがとうございます！" },
  { en: "No problem.", ja: "問題ありません。" },
  { en: "Of course!", ja: "もちろんです！" },
  { en: "Sounds good!", ja: "いいですね！" },
  { en: "Yes, please.", ja: "はい、お願いします。" },
  { en: "No, thank you.", ja: "いいえ、大丈夫です。" },
  { en: "Please feel free to ask.", ja: "お気軽にご相談ください。" },
  { en: "Let me know if you have any questions.", ja: "ご不明な点があればお知らせください。" },
  { en: "Please let me know if anything is unclear.", ja: "不明な点があれば教えてください。" },

  // Asking: "Could you…" and the questions before a request is accepted.
  { en: "Are you open for commissions?", ja: "現在ご依頼を受け付けていますか？" },
  { en: "Could you draw my character?", ja: "私のキャラクターを描いていただけますか？" },
  { en: "Could you send me a reference?", ja: "参考資料を送っていただけますか？" },
  { en: "Could you send me more references?", ja: "参考資料をもう少し送っていただけますか？" },
  { en: "Could you tell me your deadline?", ja: "ご希望の納期を教えていただけますか？" },
  { en: "Could you tell me the size you need?", ja: "必要なサイズを教えていただけますか？" },
  { en: "Could you make the hair a little longer?", ja: "髪をもう少し長くしていただけますか？" },
  { en: "Could you make the colours brighter?", ja: "色をもう少し明るくしていただけますか？" },
  { en: "Could you make the colors brighter?", ja: "色をもう少し明るくしていただけますか？" },
  { en: "Could you change the expression to a smile?", ja: "表情を笑顔に変えていただけますか？" },
  { en: "Could you make the background transparent?", ja: "背景を透過にしていただけますか？" },
  { en: "Could you check the rough sketch?", ja: "ラフをご確認いただけますか？" },
  { en: "Could you accept this request?", ja: "このご依頼をお受けいただけますか？" },
  { en: "Is commercial use OK?", ja: "商用利用は可能ですか？" },
  { en: "Can I use it on my stream?", ja: "配信で使ってもいいですか？" },
  { en: "Can I post it on social media?", ja: "SNSに投稿してもいいですか？" },
  { en: "How much would it cost?", ja: "おいくらになりますか？" },
  { en: "Here is my reference: {url}", ja: "参考資料はこちらです：{url}" },
  { en: "Please see {url}", ja: "{url} をご覧ください。" },
  { en: "My account is {handle}.", ja: "私のアカウントは{handle}です。" },
  { en: "Please credit me as {handle}.", ja: "クレジットは{handle}でお願いします。" },

  // Prices and payment.
  { en: "The price is {amount}.", ja: "料金は{amount}です。" },
  { en: "My budget is {amount}.", ja: "予算は{amount}です。" },
  { en: "Would {amount} be OK?", ja: "{amount}でよろしいでしょうか？" },
  { en: "Please pay when you are ready.", ja: "準備ができましたらお支払いをお願いします。" },
  { en: "I have paid.", ja: "支払いました。" },
  { en: "Payment is complete.", ja: "お支払いが完了しました。" },
  { en: "Thank you for your payment.", ja: "お支払いありがとうございます。" },
  { en: "I will start after payment.", ja: "お支払いの確認後に制作を始めます。" },
  { en: "Can I get a refund?", ja: "返金していただけますか？" },

  // Deadlines.
  { en: "When can you deliver?", ja: "いつ頃納品できますか？" },
  { en: "Is there a deadline?", ja: "納期はありますか？" },
  { en: "There is no rush.", ja: "急ぎではありません。" },
  { en: "The deadline is fine.", ja: "納期は大丈夫です。" },
  { en: "I need it by {date}.", ja: "{date}までに必要です。" },
  { en: "I will deliver by {date}.", ja: "{date}までに納品します。" },
  { en: "I will send the rough sketch within {days} days.", ja: "{days}日以内にラフをお送りします。" },
  { en: "Delivery will take about {days} days.", ja: "納品まで約{days}日かかります。" },
  { en: "Can the deadline be extended?", ja: "納期を延ばしていただくことはできますか？" },
  { en: "I'm sorry, the delivery will be a little late.", ja: "申し訳ありません、納品が少し遅れます。" },

  // A staged order's stage titles (decision 073): what creators name their milestones.
  { en: "Sketch", ja: "ラフ" },
  { en: "Rough sketch", ja: "ラフ" },
  { en: "Line art", ja: "線画" },
  { en: "Colours", ja: "着彩" },
  { en: "Colors", ja: "着彩" },
  { en: "Final", ja: "仕上げ" },

  // Work in progress and revisions.
  { en: "I will start working on it now.", ja: "これから制作に入ります。" },
  { en: "Work is in progress.", ja: "制作中です。" },
  { en: "It is almost finished.", ja: "もうすぐ完成です。" },
  { en: "Here is the rough sketch.", ja: "ラフをお送りします。" },
  { en: "Here is the line art.", ja: "線画をお送りします。" },
  { en: "Here is the coloured version.", ja: "着彩したものをお送りします。" },
  { en: "Please check it.", ja: "ご確認ください。" },
  { en: "Please check it when you have time.", ja: "お時間のあるときにご確認ください。" },
  { en: "What do you think?", ja: "いかがでしょうか？" },
  { en: "It looks great!", ja: "とても素敵です！" },
  { en: "I love it!", ja: "すごく気に入りました！" },
  { en: "Perfect, no changes needed.", ja: "完璧です、修正はありません。" },
  { en: "Could I ask for a small revision?", ja: "少し修正をお願いできますか？" },
  { en: "Please tell me what you would like to change.", ja: "変更したい点を教えてください。" },
  { en: "Revisions are included up to two times.", ja: "修正は2回まで含まれています。" },
  { en: "Additional revisions cost extra.", ja: "追加の修正は別料金となります。" },
  { en: "I will fix it.", ja: "修正します。" },
  { en: "I have fixed it.", ja: "修正しました。" },

  // Delivery and the end of the order.
  { en: "Here is the finished illustration.", ja: "完成したイラストをお送りします。" },
  { en: "The files are attached.", ja: "ファイルを添付しました。" },
  { en: "I have delivered the files.", ja: "ファイルを納品しました。" },
  { en: "I received the files.", ja: "ファイルを受け取りました。" },
  { en: "Please approve the delivery when you are happy with it.", ja: "問題がなければ納品の承認をお願いします。" },
  { en: "I have approved the delivery.", ja: "納品を承認しました。" },
  { en: "Thank you for the wonderful work!", ja: "素敵な作品をありがとうございます！" },
  { en: "I would love to commission you again.", ja: "またぜひ依頼させてください。" },
  { en: "I hope to work with you again.", ja: "またのご依頼をお待ちしております。" },

  // A dispute's statements (decision 088): what a party tells the other and Comet's team.
  { en: "The delivery is not what we agreed.", ja: "納品物が合意した内容と違います。" },
  { en: "I asked for changes, but there was no reply.", ja: "修正をお願いしましたが、返事がありませんでした。" },
  { en: "I followed the brief and the references.", ja: "ご説明と参考資料どおりに制作しました。" },
  { en: "I am happy to make one more revision.", ja: "もう一度修正することは可能です。" },

  // Saying no.
  { en: "I'm sorry, I cannot accept this request.", ja: "申し訳ありませんが、このご依頼はお受けできません。" },
  { en: "Sorry, I can't draw that.", ja: "申し訳ありませんが、それは描けません。" },
];

/** The whole book: the commission phrases first (they win a shared side), then the demo data's texts. */
export const PHRASE_BOOK: readonly Phrase[] = [...COMMISSION_PHRASES, ...demoPhrases()];
