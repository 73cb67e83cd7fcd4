// Search across the language wall (issue 62): a creator's searched texts (their profile's name and bio, what
// creator_search holds) as translated for the other interface languages, kept in creator_search_translated with its
// own trigram index (migrations/0034_translated_search.sql), so the explore search (catalog.ts) finds a creator who
// wrote only in Japanese by an English query, and back. Only what machine_translations holds is written: nothing here
// asks a translator, and the rows are rebuilt whenever a translation of such a text lands or the texts are saved.
import type { Database } from "../db/client";
import { LOCALES } from "../domain/locales";
import { storedReadings } from "./translations";

/** Between two texts of a row, as creator_search joins its own: a query never matches across the seam. */
const SEAM = "\u001f";

/** D1 binds at most 100 parameters a statement: accounts are read this many at a time. */
const ACCOUNTS_PER_QUERY = 90;

/**
 * A profile's searched texts as one value, for a write to check they are still the ones it translated: an edit made
 * meanwhile (whose own rebuild follows it) wins over a rebuild that read the texts before it.
 */
const searchedTextsOf = (profileIdExpr: string) =>
  `(SELECT json_group_array(x.text) FROM (SELECT t.text FROM localized_texts t
     WHERE t.entity_type = 'user_profile' AND t.entity_id = ${profileIdExpr} AND t.field IN ('name', 'bio')
     ORDER BY t.id) x)`;

/**
 * The profiles of `accountIds`, with their searched texts and their rows today. Any profile, not only a listed
 * creator's: one who becomes a creator later (creator_search's triggers list them) is found by their translations at
 * once, and the search reaches these rows only through creator_search, so an unlisted one's rows show nowhere.
 */
const PROFILES_SQL = (count: number) => `SELECT p.account_id, p.id AS profile_id, ${searchedTextsOf("p.id")} AS texts,
    json((SELECT json_group_object(r.language, r.search_text) FROM creator_search_translated r
      WHERE r.account_id = p.account_id)) AS rows
  FROM user_profiles p WHERE p.account_id IN (${Array(count).fill("?").join(", ")})`;

interface Creator {
  accountId: string;
  profileId: string;
  /** The texts as `searchedTextsOf` read them (JSON): the write's condition. */
  textsJson: string;
  texts: string[];
  rows: Record<string, string>;
}

/**
 * Rebuilds the translated search rows of these accounts from the translations stored now (idempotent: a second run
 * writes nothing), and answers the accounts whose rows changed: the caller purges their pages and the explore page,
 * as a translation landing does (decisions 069, 075). One read, one query a language, one batch.
 */
export async function refreshTranslatedSearch(db: Database, accountIds: Iterable<string>): Promise<string[]> {
  const ids = [...new Set(accountIds)];
  const creators: Creator[] = [];
  for (let start = 0; start < ids.length; start += ACCOUNTS_PER_QUERY) {
    const chunk = ids.slice(start, start + ACCOUNTS_PER_QUERY);
    const { results } = await db.$client
      .prepare(PROFILES_SQL(chunk.length))
      .bind(...chunk)
      .all<{ account_id: string; profile_id: string; texts: string; rows: string | null }>();
    for (const row of results)
      creators.push({
        accountId: row.account_id,
        profileId: row.profile_id,
        textsJson: row.texts,
        texts: JSON.parse(row.texts) as string[],
        rows: row.rows ? (JSON.parse(row.rows) as Record<string, string>) : {},
      });
  }
  if (creators.length === 0) return [];

  const wanted = new Map<Creator, Record<string, string>>(creators.map((creator) => [creator, {}]));
  const all = creators.flatMap((creator) => creator.texts.map((text) => ({ creator, text })));
  for (const language of LOCALES) {
    const readings = await storedReadings(
      db,
      all.map((item) => item.text),
      language,
    );
    const byCreator = new Map<Creator, string[]>();
    all.forEach(({ creator }, index) => {
      const reading = readings[index];
      if (reading?.kind !== "translated") return;
      byCreator.set(creator, [...(byCreator.get(creator) ?? []), reading.text]);
    });
    for (const [creator, translations] of byCreator)
      wanted.get(creator)![language] = [...new Set(translations)].join(SEAM);
  }

  const changed = creators.filter((creator) => !sameRows(creator.rows, wanted.get(creator)!));
  if (changed.length === 0) return [];
  const d1 = db.$client;
  const stillSame = `${searchedTextsOf("?")} = ?`;
  const statements = changed.flatMap((creator) => {
    const rows = wanted.get(creator)!;
    const languages = Object.keys(rows);
    return [
      d1
        .prepare(
          `DELETE FROM creator_search_translated WHERE account_id = ?
             AND language NOT IN (${languages.map(() => "?").join(", ") || "''"}) AND ${stillSame}`,
        )
        .bind(creator.accountId, ...languages, creator.profileId, creator.textsJson),
      ...languages.map((language) =>
        d1
          .prepare(
            `INSERT INTO creator_search_translated (account_id, language, search_text) SELECT ?, ?, ? WHERE ${stillSame}
             ON CONFLICT (account_id, language) DO UPDATE SET search_text = excluded.search_text
               WHERE search_text <> excluded.search_text`,
          )
          .bind(creator.accountId, language, rows[language], creator.profileId, creator.textsJson),
      ),
    ];
  });
  await d1.batch(statements);
  return changed.map((creator) => creator.accountId);
}

function sameRows(now: Record<string, string>, wanted: Record<string, string>): boolean {
  const languages = Object.keys(now);
  return (
    languages.length === Object.keys(wanted).length && languages.every((language) => now[language] === wanted[language])
  );
}
