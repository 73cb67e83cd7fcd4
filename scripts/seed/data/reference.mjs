/** Reference data of spec sections 3 and 6: the same in every environment (migration 0001 and the demo seed). */

export const ROLES = ["admin", "creator", "user", "private-beta-creator", "private-beta-user", "public-beta-creator", "public-beta-user", "ban"];

export const CURRENCIES = [
  { code: "JPY", name: "Japanese Yen", namePlural: "Japanese yen", symbol: "¥", symbolNative: "￥", decimalDigits: 0, baseExchange: 151, isActive: true, isDefault: true, ja: "日本円" },
  { code: "USD", name: "US Dollar", namePlural: "US dollars", symbol: "$", symbolNative: "$", decimalDigits: 2, baseExchange: 1, isActive: true, isDefault: false, ja: "米ドル" },
  { code: "EUR", name: "Euro", namePlural: "euros", symbol: "€", symbolNative: "€", decimalDigits: 2, baseExchange: 0.92, isActive: false, isDefault: false, ja: "ユーロ" },
  { code: "GBP", name: "British Pound Sterling", namePlural: "British pounds sterling", symbol: "£", symbolNative: "£", decimalDigits: 2, baseExchange: 0.79, isActive: false, isDefault: false, ja: "英ポンド" },
  { code: "KRW", name: "South Korean Won", namePlural: "South Korean won", symbol: "₩", symbolNative: "₩", decimalDigits: 0, baseExchange: 1370, isActive: false, isDefault: false, ja: "韓国ウォン" },
  { code: "CNY", name: "Chinese Yuan", namePlural: "Chinese yuan", symbol: "CN¥", symbolNative: "CN¥", decimalDigits: 2, baseExchange: 7.25, isActive: false, isDefault: false, ja: "人民元" },
];

export const EXCHANGE_RATES = [
  { from: "USD", to: "JPY", rate: 144.91, ratedOn: "2024-08-02" },
  { from: "JPY", to: "USD", rate: 0.0069, ratedOn: "2024-08-02" },
];

export const LANGUAGES = [
  { code: "en", name: "English", nativeName: "English", nativeCode: "en", country: "US", ja: "英語" },
  { code: "ja", name: "Japanese", nativeName: "日本語", nativeCode: "ja", country: "JP", ja: "日本語" },
];

export const CONTENT_KINDS = [
  { code: "illustration", en: "Illustration", ja: "イラスト" },
  { code: "graphic", en: "Graphic", ja: "グラフィック" },
  { code: "2d-avatar", en: "2D avatar", ja: "2Dアバター" },
  { code: "3d-model", en: "3D model", ja: "3Dモデル" },
  { code: "animation", en: "Animation", ja: "アニメーション" },
  { code: "video", en: "Video", ja: "動画" },
  { code: "audio", en: "Audio", ja: "音声" },
  { code: "music", en: "Music", ja: "音楽" },
];

export const USE_CASES = [
  { code: "live-streaming", en: "Live streaming", ja: "ライブ配信" },
  { code: "video-on-demand", en: "Video on demand", ja: "動画投稿" },
  { code: "community", en: "Community", ja: "コミュニティ" },
  { code: "sns", en: "Social media", ja: "SNS" },
  { code: "hobby", en: "Hobby", ja: "趣味" },
  { code: "concept", en: "Concept", ja: "コンセプト" },
];

export const CONTENT_RATINGS = [
  { code: "all-ages", en: "All ages", ja: "全年齢" },
  { code: "r15", en: "R-15", ja: "R-15" },
  { code: "r18", en: "R-18", ja: "R-18" },
];

/** Active categories first (spec section 3), then inactive ones. */
export const COMMISSION_CATEGORIES = [
  { code: "character-illustration", group: "illustration", active: true, kinds: ["illustration"], uses: ["live-streaming", "video-on-demand", "sns", "hobby", "community"], en: "Character illustration", ja: "キャラクターイラスト" },
  { code: "membership-subscriber-badge", group: "graphic", active: true, kinds: ["graphic", "illustration"], uses: ["live-streaming", "community"], en: "Membership / subscriber badge", ja: "メンバーシップバッジ" },
  { code: "chat-sticker-stamp", group: "graphic", active: true, kinds: ["illustration", "graphic"], uses: ["live-streaming", "community", "sns"], en: "Chat sticker / stamp", ja: "チャットスタンプ" },
  { code: "logo-graphic", group: "graphic", active: true, kinds: ["graphic"], uses: ["live-streaming", "video-on-demand", "sns", "concept"], en: "Logo / graphic design", ja: "ロゴ・グラフィック" },
  { code: "live2d-character", group: "2d-avatar", active: true, kinds: ["2d-avatar", "illustration"], uses: ["live-streaming", "video-on-demand"], en: "Live2D character art", ja: "Live2Dキャラクターイラスト" },
  { code: "live2d-character-rigging", group: "2d-avatar", active: true, kinds: ["2d-avatar", "animation"], uses: ["live-streaming", "video-on-demand"], en: "Live2D rigging", ja: "Live2Dモデリング" },
  { code: "pngtuber-avatar", group: "2d-avatar", active: true, kinds: ["2d-avatar", "illustration"], uses: ["live-streaming", "hobby"], en: "PNGTuber avatar", ja: "PNGTuberアバター" },
  { code: "illustration-animation", group: "animation", active: true, kinds: ["animation", "illustration"], uses: ["live-streaming", "video-on-demand", "sns"], en: "Illustration animation", ja: "イラストアニメーション" },
  { code: "op-ed-animation", group: "animation", active: true, kinds: ["animation", "video"], uses: ["live-streaming", "video-on-demand"], en: "Opening / ending animation", ja: "OP・EDアニメーション" },
  { code: "original-animation", group: "animation", active: true, kinds: ["animation", "video"], uses: ["video-on-demand", "sns", "concept"], en: "Original animation", ja: "オリジナルアニメーション" },
  { code: "music-video", group: "video", active: true, kinds: ["video", "animation", "music"], uses: ["video-on-demand", "sns"], en: "Music video", ja: "ミュージックビデオ" },
  { code: "video-on-demand-editing", group: "video", active: true, kinds: ["video"], uses: ["video-on-demand", "sns"], en: "Video editing", ja: "動画編集" },
  { code: "vtuber-3d-model", group: "3d-model", active: false, kinds: ["3d-model"], uses: ["live-streaming", "video-on-demand"], en: "VTuber 3D model", ja: "VTuber 3Dモデル" },
  { code: "game-asset", group: "3d-model", active: false, kinds: ["3d-model", "graphic"], uses: ["hobby", "concept"], en: "Game asset", ja: "ゲームアセット" },
  { code: "background-art", group: "illustration", active: false, kinds: ["illustration"], uses: ["live-streaming", "video-on-demand", "concept"], en: "Background art", ja: "背景イラスト" },
  { code: "character-design-sheet", group: "illustration", active: false, kinds: ["illustration"], uses: ["concept", "hobby"], en: "Character design sheet", ja: "キャラクター設定画" },
  { code: "emote-animation", group: "animation", active: false, kinds: ["animation", "graphic"], uses: ["live-streaming", "community"], en: "Animated emote", ja: "アニメーションスタンプ" },
  { code: "thumbnail-design", group: "graphic", active: false, kinds: ["graphic"], uses: ["video-on-demand", "sns"], en: "Thumbnail design", ja: "サムネイルデザイン" },
  { code: "voice-acting", group: "audio", active: false, kinds: ["audio"], uses: ["live-streaming", "video-on-demand", "hobby"], en: "Voice acting", ja: "ボイス収録" },
  { code: "mixing-mastering", group: "audio", active: false, kinds: ["audio", "music"], uses: ["video-on-demand", "hobby"], en: "Mixing & mastering", ja: "ミックス・マスタリング" },
];

/** numerator / 10000 of the total, paid by the seller (section 9: factor 0.1036). */
export const FEES = [{ code: "commission-standard", numeratorValue: 1036, en: "Platform fee", ja: "プラットフォーム手数料" }];

/**
 * The default commission form template (spec section 3), in display order.
 * Choice prices are JPY; null means the choice does not change the price.
 */
export const DEFAULT_FORM_TEMPLATE = {
  code: "default",
  en: "Default request form",
  ja: "標準の依頼フォーム",
  questions: [
    {
      key: "details",
      type: "LONG_TEXT",
      required: false,
      title: { en: "Commission details", ja: "依頼内容" },
      description: {
        en: "Tell us what you would like: the character, pose, expression, outfit and mood.",
        ja: "キャラクター、ポーズ、表情、衣装、雰囲気など、ご希望の内容をお書きください。",
      },
    },
    {
      key: "references",
      type: "MEDIA",
      required: true,
      title: { en: "References and files", ja: "参考資料・ファイル" },
      description: {
        en: "Attach character sheets, reference images or links. Several files are welcome.",
        ja: "キャラクターの設定画、参考画像やリンクを添付してください。複数可です。",
      },
    },
    {
      key: "plan",
      type: "SINGLE_CHOICE",
      required: false,
      title: { en: "Price list plan", ja: "料金プラン" },
      description: { en: "Choose the framing of the illustration.", ja: "イラストの構図をお選びください。" },
      choices: [
        { key: "face", price: 10000, en: "Face (head shot)", ja: "顔のみ" },
        { key: "bust", price: 20000, en: "Bust-up", ja: "バストアップ" },
        { key: "full", price: 30000, en: "Full body", ja: "全身" },
      ],
    },
    {
      key: "budget",
      type: "SHORT_TEXT",
      required: false,
      title: { en: "Budget", ja: "ご予算" },
      description: { en: "Your budget, if you have one in mind.", ja: "ご予算があればお書きください。" },
    },
    {
      key: "usage",
      type: "SINGLE_CHOICE",
      required: true,
      title: { en: "Usage", ja: "用途" },
      description: { en: "How will the work be used?", ja: "作品の使用目的をお選びください。" },
      choices: [
        { key: "personal", price: null, en: "Personal use", ja: "個人利用" },
        { key: "streaming", price: null, en: "Commercial - streaming", ja: "商用 - 配信" },
        { key: "goods", price: null, en: "Commercial - goods", ja: "商用 - グッズ" },
        { key: "advertising", price: null, en: "Commercial - advertising", ja: "商用 - 広告" },
      ],
    },
    {
      key: "publication",
      type: "SINGLE_CHOICE",
      required: true,
      title: { en: "Publication rules", ja: "公開について" },
      description: {
        en: "May the creator publish the work in their portfolio and on social media?",
        ja: "作品をポートフォリオやSNSで公開してもよいかお選びください。",
      },
      choices: [
        { key: "yes", price: null, en: "Yes", ja: "公開可" },
        { key: "final", price: null, en: "Final version only", ja: "完成品のみ公開可" },
        { key: "private", price: 10000, en: "Keep private (+10,000 yen fee)", ja: "非公開（+10,000円）" },
      ],
    },
    {
      key: "deadline",
      type: "DATE",
      required: false,
      title: { en: "Desired delivery date", ja: "希望納期" },
      description: { en: "Leave empty if you have no deadline.", ja: "特に期限がなければ空欄で構いません。" },
    },
    {
      key: "additional",
      type: "LONG_TEXT",
      required: false,
      title: { en: "Additional information", ja: "その他・補足" },
      description: { en: "Anything else the creator should know.", ja: "その他、クリエイターに伝えたいことがあればお書きください。" },
    },
    {
      key: "notice-messages",
      type: "NONE",
      required: false,
      title: { en: "About messages", ja: "メッセージについて" },
      description: {
        en: "We talk through the order chat once the request is accepted. Replies can take up to 48 hours.",
        ja: "依頼の承認後、注文のチャットでやり取りします。返信に最大48時間ほどかかる場合があります。",
      },
    },
    {
      key: "notice-deliverables",
      type: "NONE",
      required: false,
      title: { en: "About deliverables", ja: "納品物について" },
      description: {
        en: "Files are delivered in the order as PNG (longest side 4000 px, 350 dpi) unless agreed otherwise.",
        ja: "納品は注文ページからPNG形式（長辺4000px・350dpi）で行います。別形式はご相談ください。",
      },
    },
  ],
};
