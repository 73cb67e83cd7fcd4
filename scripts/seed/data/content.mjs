/**
 * Per-category wording for generated portfolio works, forms and services (en and ja), price points in JPY,
 * tags, and the motif the SVG artwork draws.
 */
export const CATEGORY_CONTENT = {
  "character-illustration": {
    motif: "character",
    prices: [0, 8000, 15000, 25000, 45000, 80000],
    tools: ["Clip Studio Paint", "Procreate", "Photoshop"],
    tags: ["original", "fantasy", "anime", "portrait", "oc"],
    works: [
      { en: "Spring festival portrait", ja: "春祭りの立ち絵" },
      { en: "Knight of the silver lake", ja: "銀の湖の騎士" },
      { en: "After-school rooftop", ja: "放課後の屋上" },
      { en: "Original character key visual", ja: "オリジナルキャラクターのキービジュアル" },
      { en: "Witch and her familiar", ja: "魔女と使い魔" },
    ],
    forms: [
      { en: "Character illustration (bust-up)", ja: "キャラクターイラスト（バストアップ）" },
      { en: "Full-body character art with background", ja: "全身キャラクターイラスト 背景付き" },
      { en: "Icon / profile picture", ja: "アイコン・プロフィール画像" },
    ],
  },
  "membership-subscriber-badge": {
    motif: "badge",
    prices: [0, 6000, 12000, 18000, 30000],
    tools: ["Illustrator", "Clip Studio Paint"],
    tags: ["badge", "membership", "twitch", "youtube"],
    works: [
      { en: "Six-tier gem badges", ja: "6段階の宝石バッジ" },
      { en: "Star membership badges", ja: "星のメンバーシップバッジ" },
      { en: "Paw badges for a cat streamer", ja: "猫配信者さんの肉球バッジ" },
    ],
    forms: [
      { en: "Membership badges, set of 6", ja: "メンバーシップバッジ 6種セット" },
      { en: "Subscriber badge set", ja: "サブスクバッジセット" },
    ],
  },
  "chat-sticker-stamp": {
    motif: "stamp",
    prices: [0, 3000, 5000, 9000, 15000, 24000],
    tools: ["Clip Studio Paint", "Procreate"],
    tags: ["emote", "stamp", "chibi", "discord", "twitch"],
    works: [
      { en: "Chibi emote pack", ja: "ちびキャラスタンプセット" },
      { en: "Reaction stamps: love, cry, lol", ja: "リアクションスタンプ（好き・泣き・笑）" },
      { en: "Mascot stamp series", ja: "マスコットスタンプシリーズ" },
    ],
    forms: [
      { en: "Chat stamps, 3-pack", ja: "チャットスタンプ 3個セット" },
      { en: "Emote set of 8", ja: "エモート8個セット" },
    ],
  },
  "logo-graphic": {
    motif: "logo",
    prices: [0, 15000, 30000, 50000, 90000],
    tools: ["Illustrator", "Figma", "Affinity Designer"],
    tags: ["logo", "branding", "overlay", "typography"],
    works: [
      { en: "Channel logo for a cooking stream", ja: "料理配信チャンネルのロゴ" },
      { en: "Wordmark and stream overlay", ja: "ロゴタイプと配信オーバーレイ" },
      { en: "Esports team emblem", ja: "eスポーツチームのエンブレム" },
    ],
    forms: [
      { en: "Channel logo design", ja: "チャンネルロゴデザイン" },
      { en: "Stream package: logo, overlay, panels", ja: "配信パッケージ（ロゴ・オーバーレイ・パネル）" },
    ],
  },
  "live2d-character": {
    motif: "avatar",
    prices: [0, 60000, 90000, 120000, 160000],
    tools: ["Clip Studio Paint", "Photoshop"],
    tags: ["vtuber", "live2d", "character-design", "layered"],
    works: [
      { en: "VTuber debut design", ja: "VTuberデビュー衣装デザイン" },
      { en: "Layered model art: fox shrine maiden", ja: "パーツ分けモデル用イラスト（狐巫女）" },
      { en: "New outfit for a second anniversary", ja: "2周年記念の新衣装" },
    ],
    forms: [
      { en: "VTuber character design (layered PSD)", ja: "VTuberキャラクターデザイン（パーツ分けPSD）" },
      { en: "Extra outfit for your model", ja: "モデル用の追加衣装" },
    ],
  },
  "live2d-character-rigging": {
    motif: "avatar",
    prices: [0, 50000, 100000, 150000, 200000],
    tools: ["Live2D Cubism", "VTube Studio"],
    tags: ["live2d", "rigging", "vtuber", "physics"],
    works: [
      { en: "Full-body rig with outfit toggles", ja: "衣装切り替え付き全身モデリング" },
      { en: "Head-turn demo, 30 degrees", ja: "角度XY30度の首振りデモ" },
      { en: "Hair physics showcase", ja: "髪の物理演算ショーケース" },
    ],
    forms: [
      { en: "Live2D rigging, half body", ja: "Live2Dモデリング（半身）" },
      { en: "Live2D rigging, full body with toggles", ja: "Live2Dモデリング（全身・差分付き）" },
    ],
  },
  "pngtuber-avatar": {
    motif: "avatar",
    prices: [0, 8000, 15000, 25000, 35000],
    tools: ["Procreate", "Aseprite", "Clip Studio Paint"],
    tags: ["pngtuber", "avatar", "streaming", "cute"],
    works: [
      { en: "Talking and idle PNGTuber", ja: "待機・発話差分のPNGTuber" },
      { en: "Pixel PNGTuber with blink", ja: "まばたき付きドット絵PNGTuber" },
      { en: "Bunny-ear streamer avatar", ja: "うさ耳配信者アバター" },
    ],
    forms: [
      { en: "PNGTuber avatar, 2 expressions", ja: "PNGTuberアバター 表情2種" },
      { en: "PNGTuber avatar, 6 expressions", ja: "PNGTuberアバター 表情6種" },
    ],
  },
  "illustration-animation": {
    motif: "animation",
    prices: [0, 20000, 40000, 60000, 100000],
    tools: ["After Effects", "Live2D Cubism", "Spine"],
    tags: ["animation", "loop", "motion", "waiting-screen"],
    works: [
      { en: "Rainy window loop", ja: "雨の窓辺ループアニメーション" },
      { en: "Swaying hair and drifting petals", ja: "揺れる髪と舞う花びら" },
      { en: "Animated waiting screen", ja: "動く待機画面" },
    ],
    forms: [
      { en: "Animate your illustration (loop)", ja: "イラストを動かします（ループ）" },
      { en: "Animated stream waiting screen", ja: "配信待機画面アニメーション" },
    ],
  },
  "op-ed-animation": {
    motif: "video",
    prices: [0, 40000, 80000, 120000, 180000],
    tools: ["After Effects", "Premiere Pro"],
    tags: ["opening", "ending", "motion-graphics", "stream"],
    works: [
      { en: "Stream opening, 15 seconds", ja: "配信オープニング15秒" },
      { en: "Ending credits with character cameo", ja: "キャラクター登場のエンディング" },
      { en: "Seasonal opening, winter edition", ja: "季節のOP（冬バージョン）" },
    ],
    forms: [
      { en: "Stream opening animation (15 s)", ja: "配信OPアニメーション（15秒）" },
      { en: "Opening and ending set", ja: "OP・EDセット" },
    ],
  },
  "original-animation": {
    motif: "animation",
    prices: [0, 50000, 100000, 150000, 200000],
    tools: ["Toon Boom Harmony", "Blender Grease Pencil", "After Effects"],
    tags: ["2d-animation", "short", "hand-drawn", "trailer"],
    works: [
      { en: "Channel trailer, hand-drawn", ja: "手描きのチャンネル紹介映像" },
      { en: "Thirty-second short story", ja: "30秒のショートストーリー" },
      { en: "Character introduction reel", ja: "キャラクター紹介リール" },
    ],
    forms: [
      { en: "Original 2D animation (up to 30 s)", ja: "オリジナル2Dアニメーション（30秒まで）" },
      { en: "Channel trailer animation", ja: "チャンネル紹介アニメーション" },
    ],
  },
  "music-video": {
    motif: "music",
    prices: [0, 30000, 60000, 100000, 150000],
    tools: ["After Effects", "Premiere Pro", "DaVinci Resolve"],
    tags: ["mv", "lyric-video", "cover-song", "vocaloid"],
    works: [
      { en: "Lyric video for a cover song", ja: "歌ってみたのリリックビデオ" },
      { en: "Night city music video", ja: "夜の街のミュージックビデオ" },
      { en: "Original song MV, full length", ja: "オリジナル曲MV フルサイズ" },
    ],
    forms: [
      { en: "Lyric video for covers", ja: "歌ってみた用リリックビデオ" },
      { en: "Music video, full song", ja: "ミュージックビデオ（フルサイズ）" },
    ],
  },
  "video-on-demand-editing": {
    motif: "video",
    prices: [0, 5000, 10000, 20000, 40000],
    tools: ["Premiere Pro", "DaVinci Resolve", "Final Cut Pro"],
    tags: ["editing", "youtube", "highlights", "captions"],
    works: [
      { en: "Gaming highlights, 10 minutes", ja: "ゲーム実況ハイライト10分" },
      { en: "Talk stream cut with captions", ja: "テロップ付き雑談切り抜き" },
      { en: "Documentary-style channel recap", ja: "ドキュメンタリー風のチャンネル振り返り" },
    ],
    forms: [
      { en: "Video editing, up to 10 minutes", ja: "動画編集（10分まで）" },
      { en: "Stream clip with captions", ja: "テロップ付き切り抜き動画" },
    ],
  },
};

export const WORK_DESCRIPTION = {
  en: (title, tool, tags) =>
    `${title}. Made with ${tool}. Tags: ${tags.join(", ")}. Shared with the client's permission; please do not reuse or repost.`,
  ja: (title, tool, tags) =>
    `${title}。${tool}で制作しました。タグ：${tags.join("、")}。依頼者様の許可を得て掲載しています。無断転載・再利用はご遠慮ください。`,
};

export const FORM_DESCRIPTION = {
  en: (category, days) =>
    `${category}. Delivery in about ${days} days after payment. One rough sketch check and up to two revisions are included. Please read the questions and fill in what you can.`,
  ja: (category, days) =>
    `${category}のご依頼フォームです。お支払い後、約${days}日で納品します。ラフ確認1回、修正2回まで含みます。わかる範囲でご記入ください。`,
};

export const SERVICE_DESCRIPTION = {
  en: (category, days) =>
    `I create ${category.toLowerCase()} tailored to you. Send references and your ideas; I reply within two days. Typical delivery: ${days} days.`,
  ja: (category, days) =>
    `${category}をあなたに合わせて制作します。参考資料やイメージをお送りください。2日以内にお返事します。納期の目安は${days}日です。`,
};

export const POLICY_TERMS = {
  en: "Commercial use needs the commercial usage option. Cancellation after the rough sketch is refunded at 50%. The creator may show the work in their portfolio unless the private option is chosen. AI training on the work is not allowed.",
  ja: "商用利用は商用オプションが必要です。ラフ提出後のキャンセルは50%の返金となります。非公開オプションを選ばない場合、作品をポートフォリオに掲載することがあります。AI学習への利用は禁止です。",
};
