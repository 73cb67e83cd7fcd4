import { Fill, ReviewNote } from "../blocks";
import type { LegalDocument } from "../legal-document";

const privacy: LegalDocument = {
  title: "Privacy policy",
  lead: (
    <p>
      This policy explains what personal information Comet handles, why, who else handles it, and what you can ask of
      us. Comet is operated by <Fill>[Operator's legal name]</Fill> ("we", "us"), which handles personal information in
      accordance with Japan's Act on the Protection of Personal Information (APPI) and other applicable laws.
    </p>
  ),
  sections: [
    {
      id: "what-we-collect",
      heading: "1. What we collect",
      body: (
        <>
          <h3>Your account and profile</h3>
          <ul>
            <li>e-mail address, handle, display names, date of birth (if you give it);</li>
            <li>display language, display currency, the language you write in, theme, notification settings;</li>
            <li>profile picture, cover image, biography, portfolio works, tags and bookmarks;</li>
            <li>your roles (client, creator) and, if you joined through an invitation, who invited you.</li>
          </ul>
          <h3>Commissions</h3>
          <ul>
            <li>
              services and commission forms you publish, and the requests you send or receive with their answers and
              files;
            </li>
            <li>orders: prices, schedules, status, deadlines and each order's history;</li>
            <li>messages and files in each order's chat;</li>
            <li>deliverables and other files you upload, which we store with Cloudflare R2.</li>
          </ul>
          <h3>Payments</h3>
          <ul>
            <li>
              Card numbers are entered into Stripe's form and handled by Stripe; we never receive them. We keep the
              Stripe identifiers of your customer record, cards and payments, and each card's brand, last four digits
              and expiry.
            </li>
            <li>payment, refund and payout records: amounts, currencies, status and dates;</li>
            <li>
              for creators: the Stripe connected account's identifier and status (details submitted, payouts enabled).
              Your identity documents and bank details are collected by Stripe, not by us.
            </li>
          </ul>
          <h3>Technical information</h3>
          <ul>
            <li>IP address, used to limit sign-in attempts and abuse, kept only for the limit's window;</li>
            <li>sign-in sessions, and the e-mails we send you (including one-time codes);</li>
            <li>page visit counts, keyed by your account or by a visitor cookie;</li>
            <li>request logs kept by our hosting provider for security and troubleshooting.</li>
          </ul>
        </>
      ),
    },
    {
      id: "purposes",
      heading: "2. Why we use it",
      body: (
        <ul>
          <li>to create and secure your account and sign you in;</li>
          <li>
            to run commissions: show profiles and listings, pass requests, messages and files between client and
            creator;
          </li>
          <li>to take payments, make refunds and pay creators, and to keep the records the law requires;</li>
          <li>to send notices about your orders, by e-mail and in Comet, as your notification settings allow;</li>
          <li>to answer your questions, and to handle disputes and reports;</li>
          <li>to prevent fraud and abuse, and enforce our terms;</li>
          <li>to understand how Comet is used (for example visit counts) and improve it;</li>
          <li>to meet legal obligations, and respond to lawful requests from authorities.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      heading: "3. Who sees it",
      body: (
        <>
          <ul>
            <li>
              <strong>Everyone</strong>: your public profile (handle, names, picture, biography, portfolio, listings).
            </li>
            <li>
              <strong>The other party of an order</strong>: the request, its answers and files, the chat, and the
              deliverables.
            </li>
            <li>
              <strong>Our service providers</strong>, who process it for us under contract: Cloudflare, Inc. (hosting,
              database, file storage), Stripe, Inc. and its affiliates (card payments, refunds and creator payouts), and{" "}
              <Fill>[e-mail delivery provider]</Fill> (sending e-mail).
            </li>
          </ul>
          <p>
            We do not sell personal information, and do not give it to other third parties without your consent except
            where the law permits or requires it.
          </p>
        </>
      ),
    },
    {
      id: "outside-japan",
      heading: "4. Handling outside Japan",
      body: (
        <>
          <p>
            Cloudflare and Stripe are based in the United States and process data in data centres in several countries.
            We choose providers that protect personal information to a standard equivalent to the APPI, and supervise
            them under contract. On request we will give you the information the APPI requires about the countries
            concerned and their systems for protecting personal information.
          </p>
          <ReviewNote>
            Note for review: confirm the basis for provision to third parties in foreign countries (APPI article 28),
            and whether the GDPR or other laws apply to users in the EEA, the UK or elsewhere (a representative, a legal
            basis for each purpose).
          </ReviewNote>
        </>
      ),
    },
    {
      id: "cookies",
      heading: "5. Cookies and local storage",
      body: (
        <>
          <p>Comet uses only the cookies it needs to work:</p>
          <ul>
            <li>
              <code>comet_session</code> (or <code>__Host-comet_session</code>): keeps you signed in; it expires after
              14 days without use, and at most 60 days after sign-in;
            </li>
            <li>
              <code>app-language</code> and <code>theme</code>: your language and light or dark theme;
            </li>
            <li>
              <code>a.sid</code>: counts page visits once a day when you are not signed in (one year);
            </li>
            <li>an invitation cookie, while you sign up through a creator's invitation link.</li>
          </ul>
          <p>
            Your browser's local storage keeps your language and the pages you visited in the last 30 days, so a visit
            is not counted twice. Stripe's card form sets its own cookies to prevent fraud (see Stripe's privacy
            policy). We use no advertising cookies.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      heading: "6. How long we keep it",
      body: (
        <>
          <ul>
            <li>
              account and profile information: while your account exists. You can delete your account in your settings
              (Account, "Delete your account") once no order of yours is open, no dispute or chargeback is open and no
              payout is on its way to you. Deleting it ends every session, removes your profile, works, forms and
              services, your files and your personal details at once, and empties your chat messages and request
              answers; reviews you wrote stay as star ratings without words or name;
            </li>
            <li>
              orders, payments, refunds, payouts and chargebacks (codes, dates and amounts), and the receipts and
              invoices issued: 7 years, including after your account is deleted, as the Consumption Tax Act requires of
              books (Article 58 and Order Article 71) and of copies of qualified invoices issued (Article 57-4(6) and
              Order Article 70-13), and the Corporation Tax Act's rules of a company's books (Ordinance Article 59). An
              issued invoice keeps the names it was issued with;
            </li>
            <li>
              a deleted account's handle: reserved for 180 days, so nobody else takes it and its old links at once;
            </li>
            <li>a download of your data you asked for in your settings: 7 days;</li>
            <li>sign-in sessions: until they expire or you sign out; one-time codes: 10 minutes.</li>
          </ul>
          <ReviewNote>
            Note for review: a tax accountant should confirm the 7-year period and the articles cited.
          </ReviewNote>
        </>
      ),
    },
    {
      id: "security",
      heading: "7. How we protect it",
      body: (
        <ul>
          <li>all traffic is encrypted (HTTPS); sign-in uses one-time codes with limits on attempts;</li>
          <li>
            delivered and private files are reachable only through short-lived signed links given to the parties of the
            order;
          </li>
          <li>only the staff who need it can access personal information, and they are bound to confidentiality;</li>
          <li>we supervise our service providers, and review these measures regularly.</li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      heading: "8. Your requests",
      body: (
        <>
          <p>
            You can see and change most of your information in your settings. You may also ask us to disclose the
            personal information we hold about you (including records of provision to third parties), to correct it, to
            stop using or providing it, or to delete it, as the APPI provides. Write to the contact below; we will
            confirm your identity and answer without undue delay.
          </p>
          <p>
            Fee for a disclosure request: <Fill>[amount, or "free of charge"]</Fill>.
          </p>
        </>
      ),
    },
    {
      id: "children",
      heading: "9. Children",
      body: <p>Users under 18 need the consent of a parent or guardian to use Comet.</p>,
    },
    {
      id: "changes",
      heading: "10. Changes to this policy",
      body: <p>We will announce changes to this policy on Comet before they take effect.</p>,
    },
    {
      id: "contact",
      heading: "11. Contact",
      body: (
        <p>
          Personal information enquiries: <Fill>[Operator's legal name]</Fill>, <Fill>[registered address]</Fill>,
          representative <Fill>[name of the representative]</Fill>. E-mail: <Fill>[privacy e-mail address]</Fill>. This
          policy takes effect on <Fill>[effective date]</Fill>.
        </p>
      ),
    },
  ],
};

export default privacy;
