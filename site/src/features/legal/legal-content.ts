import { business } from '../../config/business';

/**
 * The Terms of Service and the Privacy Policy, in one file so the business can edit them without
 * touching a component. Each section is a heading and a body: a string is a paragraph, a list of
 * strings is a bullet list, shown in the order written. Change `lastUpdated` with the wording.
 * This is a sensible starting text, not legal advice: have it reviewed where you trade.
 */

export interface LegalSection {
  heading: string;
  body: (string | string[])[];
}

export interface LegalDocument {
  /** ISO date (YYYY-MM-DD), shown as "Last updated". */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

const name = business.name;
const email = business.email;

export const termsOfService: LegalDocument = {
  lastUpdated: '2026-11-22',
  intro: `These terms apply when you use the ${name} website, create an account, buy our audio services or shop products, sign up for our newsletter or come to our events. Please read them before you order.`,
  sections: [
    {
      heading: 'Who we are',
      body: [
        `${name} is a small creative studio offering sound design, mixing, mastering and audio post-production, a shop of books, apparel and digital products, and live events. "We" and "us" mean ${name}; "you" means the person using the site or placing an order.`,
      ],
    },
    {
      heading: 'Your account',
      body: [
        'You may browse, submit projects and pay without an account. If you create one, give accurate details, keep your password to yourself and tell us at once if you think someone else has used it. You are responsible for what is done with your account.',
        `We may suspend or close an account that is used to break these terms. You can ask us to close your account at any time by writing to ${email}.`,
      ],
    },
    {
      heading: 'Audio services',
      body: [
        'Our services have fixed prices, shown on the site at the time you order. You submit a project with your files and notes, then pay; we start work once payment is confirmed.',
        'We review every submission and contact you within 24 hours. Delivery dates we give are estimates that depend on the size of the project and how quickly you answer our questions. Final deliverables are sent by e-mail.',
        'If we find that a project is not something we can do well, we will tell you before starting and refund your payment in full.',
      ],
    },
    {
      heading: 'Files you upload',
      body: [
        'You keep all rights in the audio, video and other files you send us. You confirm that you own them or have permission to let us work on them, and that they are not unlawful.',
        'You allow us to store, copy and edit your files only to deliver the service you ordered. We do not publish your material or use it in our portfolio without your written permission.',
        [
          'Up to 20 files per project, each under 400 MB.',
          'Accepted formats: audio, video and .zip archives.',
          'Keep your own copies: we are not a backup service.',
        ],
      ],
    },
    {
      heading: 'What you receive',
      body: [
        'Once a service is paid for in full, you may use the finished work for your projects, including commercially. Custom sound assets and sample packs we make for you are licensed to you without royalties; you may not resell them as a standalone sound library.',
      ],
    },
    {
      heading: 'Shop products',
      body: [
        'We describe and photograph products as accurately as we can; colours and sizes may vary slightly. Prices and availability can change until your order is confirmed.',
        'Some products are sold through partner stores; those purchases are made with, and governed by the terms of, the partner store. Digital products are licensed for your personal use and may not be shared or resold.',
        'Shipping times shown are estimates from the carrier. Please check your shipping address: we cannot be responsible for parcels sent to an address you gave us in error.',
      ],
    },
    {
      heading: 'Prices and payment',
      body: [
        'Prices are in US dollars. Tax is added at checkout where it applies and is shown before you pay.',
        'Card and PayPal payments are handled by PayPal under its own terms; we never see your card or bank details.',
        'You can also pay in USDT or Alephium (ALPH) from a browser wallet. The amount due is shown before you confirm. Blockchain payments cannot be reversed: check the amount and the network before sending. Network fees are yours to pay, and we never hold or ask for your private keys or recovery phrase.',
      ],
    },
    {
      heading: 'Cancellations and refunds',
      body: [
        [
          'Services: cancel before we start work for a full refund. After work has started, we refund the part of the price for work not yet done.',
          'Physical products: return unused items within 30 days of delivery for a refund of the product price.',
          'Digital products: not refundable once downloaded, unless the file is faulty and we cannot fix it.',
          'Crypto payments are refunded in the same currency to a wallet address you give us, for the US dollar amount you paid, less network fees.',
        ],
        `To cancel or ask for a refund, write to ${email} with your order number. Your statutory rights as a consumer are not affected.`,
      ],
    },
    {
      heading: 'Events',
      body: [
        'Tickets for our events may be sold through a ticketing partner, whose terms then apply to the ticket. Line-ups, times and venues can change; if we cancel an event we will announce it and ticket refunds will be arranged through the seller.',
        'Please treat artists, staff and other guests with respect. We may refuse entry to, or remove, anyone who puts others at risk.',
      ],
    },
    {
      heading: 'Newsletter and messages',
      body: [
        'If you subscribe to our newsletter we send you updates on new services, special offers and events. Every newsletter has an unsubscribe link, and you can leave at any time.',
        'When you write to us through a contact form we reply by e-mail, usually within 24 hours.',
      ],
    },
    {
      heading: 'Using the site fairly',
      body: [
        [
          'Do not use the site for anything unlawful, or to send spam or abusive messages.',
          'Do not try to get into accounts or parts of the site you are not allowed to use, or disrupt the site.',
          'Do not copy large parts of the site or its content by automated means.',
        ],
        'Our community game server has its own guidelines, shown on its page. It is not an official Minecraft product and is not approved by or associated with Mojang or Microsoft.',
      ],
    },
    {
      heading: 'Liability',
      body: [
        'We take care to deliver good work and keep the site running, but the site is provided as it is and may sometimes be unavailable. We are not liable for losses that were not foreseeable, or for business losses such as lost profits.',
        'Our total liability for any order is limited to the amount you paid for it. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: 'Changes to these terms',
      body: [
        'We may update these terms from time to time; the date at the top shows the latest version. Orders are governed by the terms in force when they were placed.',
      ],
    },
    {
      heading: 'Contact',
      body: [`Questions about these terms? Write to us at ${email}.`],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  lastUpdated: '2026-11-22',
  intro: `This policy explains what personal data ${name} keeps when you use this website, why we keep it, for how long, and the choices you have. We collect only what we need to run the studio, the shop and our events.`,
  sections: [
    {
      heading: 'Who is responsible',
      body: [
        `${name} is responsible for the personal data described here. You can reach us about anything in this policy at ${email}.`,
      ],
    },
    {
      heading: 'What we keep',
      body: [
        'Depending on how you use the site, we keep:',
        [
          'Account: your first and last name, e-mail address, phone number if you give one, and your password, stored only as a secure one-way hash that we cannot read.',
          'Orders: the products you bought, amounts, order status, and for physical items the shipping address, phone number and tracking details.',
          'Project submissions and files: your name, e-mail, the chosen service, your notes, timeline and budget if given, and the audio, video or archive files you upload.',
          'Contact messages: your name, e-mail address, subject and message.',
          'Newsletter: your e-mail address and whether you are subscribed.',
          'Payments: for PayPal, the transaction reference, status and amount (never card or bank details). For crypto payments, the wallet address you paid from, the transaction hash and the amount.',
          'Security records: your IP address, kept briefly to limit repeated form submissions and sign-in attempts, and server logs of requests.',
        ],
      ],
    },
    {
      heading: 'Why we use it',
      body: [
        [
          'To deliver the services and products you order, and to send you order and project e-mails (our contract with you).',
          'To answer your messages (your request).',
          'To send the newsletter you asked for (your consent, which you can withdraw at any time).',
          'To keep the site secure and prevent fraud and abuse (our legitimate interest).',
          'To keep accounting and tax records (a legal obligation).',
        ],
        'We do not sell your data, and we do not use it for advertising profiles.',
      ],
    },
    {
      heading: 'Payments and wallets',
      body: [
        'PayPal processes card and PayPal payments under its own privacy policy; it tells us whether a payment succeeded.',
        'Crypto payments are made from your own browser wallet. The wallet address and the transaction are recorded on a public blockchain by the nature of that technology: anyone can see them there, and neither we nor anyone else can change or erase them.',
      ],
    },
    {
      heading: 'Newsletter',
      body: [
        'We only send the newsletter if you subscribe. Every issue has an unsubscribe link that takes effect at once. After you unsubscribe we keep your address marked as unsubscribed, only so that we do not write to you again.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      body: [
        'We do not use advertising or tracking cookies. To make the site work, your browser keeps a few items on your device:',
        [
          'token: proves that you are signed in.',
          'user: your basic account details, so the site can show that you are signed in.',
          'cart: the products in your shopping cart, so they are still there when you come back.',
          'With "Remember me", the token and user stay until you sign out; otherwise they are cleared when you close the tab.',
          'PayPal and wallet extensions may store their own data when you use them, under their own policies.',
        ],
      ],
    },
    {
      heading: 'Who we share it with',
      body: [
        'We share data only as needed to run the business: with PayPal for payments, our hosting and e-mail delivery providers, and shipping carriers (such as USPS, FedEx, UPS or DHL) for physical orders. We may disclose data when the law requires it.',
      ],
    },
    {
      heading: 'How long we keep it',
      body: [
        [
          'Account details: until you ask us to close your account.',
          'Orders and payment records: as long as tax and accounting law requires, typically up to 7 years.',
          'Project files: for the length of the project and up to 90 days after delivery, so we can handle revisions; then they are deleted.',
          'Contact messages: up to 2 years after our last exchange.',
          'Newsletter: until you unsubscribe (then only the unsubscribed marker).',
          'Security records and logs: a few weeks at most.',
        ],
      ],
    },
    {
      heading: 'Keeping it safe',
      body: [
        'Passwords are stored only as hashes, the site is served over an encrypted connection, and only our administrators can see orders, submissions and messages.',
      ],
    },
    {
      heading: 'Your rights',
      body: [
        `You may ask for a copy of your data, ask us to correct or delete it, object to or limit how we use it, and withdraw consent at any time. Write to ${email}; we answer within 30 days. Records we must keep by law, and data on public blockchains, cannot be deleted. You may also complain to your local data-protection authority.`,
      ],
    },
    {
      heading: 'Children',
      body: [
        'The site is not meant for children under 13, and we do not knowingly collect their data. If you believe a child has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      heading: 'Changes to this policy',
      body: [
        'When we change this policy we update the date at the top. If a change matters to how we use your data, we will tell account holders by e-mail.',
      ],
    },
    {
      heading: 'Contact',
      body: [`Questions or requests about your data: ${email}.`],
    },
  ],
};
