/**
 * Every query key of the app, in one place. A list and whatever invalidates it name the same key here, so renaming
 * one cannot silently leave a stale screen behind. Keys are hierarchical: invalidating a root (`users.all`)
 * refreshes every query under it (its pages, its details).
 */
export const queryKeys = {
  session: ['session'] as const,
  /**
   * Issue 45: the signed-in account must turn on the second factor before the staff screens. Not a request of its
   * own: the session's answer (and a login's) sets it, so it sits outside `session` and nothing refetches it.
   */
  mustEnrolTwoFactor: ['must-enrol-two-factor'] as const,
  catalog: ['catalog'] as const,
  publicBranches: ['catalog', 'branches'] as const,
  checkout: (checkoutId: string) => ['checkout', checkoutId] as const,
  /** The store's payment methods (card, OXXO, SPEI) and how long an OXXO voucher lasts. */
  paymentMethods: ['payment-methods'] as const,
  /** A search picker's answers, under what it searches and the term. */
  pickerSearch: ['picker-search'] as const,
  availability: {
    all: ['availability'] as const,
    branches: ['availability', 'branches'] as const,
    days: (branchId?: string) => ['availability', 'days', branchId] as const,
    hours: (branchId?: string, date?: string) => ['availability', 'hours', branchId, date] as const,
    rooms: (branchId?: string, date?: string, hour?: string) =>
      ['availability', 'rooms', branchId, date, hour] as const,
    /** A standing slot's preview: every date with its state (changes with any booking, like the rest). */
    series: (ask: object | undefined) => ['availability', 'series', ask] as const,
  },
  cities: { all: ['cities'] as const, options: ['cities', 'options'] as const },
  branches: {
    all: ['branches'] as const,
    options: (cityId?: string) => ['branches', 'options', cityId] as const,
  },
  rooms: { all: ['rooms'] as const, options: (branchId?: string) => ['rooms', 'options', branchId] as const },
  products: { all: ['products'] as const, pointOfSale: ['products', 'pos'] as const },
  users: {
    all: ['users'] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    /** A client's account for the staff (issue 22): its ledger, sessions and orders. */
    ledger: (id: string) => ['users', 'ledger', id] as const,
    sessions: (id: string) => ['users', 'sessions', id] as const,
    orders: (id: string) => ['users', 'orders', id] as const,
    /** Issue 44: the client's credit lots (what is left of each, until when). */
    creditLots: (id: string) => ['users', 'credit-lots', id] as const,
    /** Issue 45: a user's open logins (its browsers), as the super admin sees them. */
    logins: (id: string) => ['users', 'logins', id] as const,
    /** The active clients a picker finds (cached with each term; a change to users refreshes them). */
    clientPicks: ['users', 'client-picks'] as const,
  },
  outbox: ['outbox'] as const,
  audit: ['audit'] as const,
  staffSessions: {
    all: ['staff-sessions'] as const,
    list: ['staff-sessions', 'list'] as const,
    grid: (date: string, branchId?: string) => ['staff-sessions', 'grid', date, branchId] as const,
  },
  orders: { all: ['orders'] as const, ticket: (id: string) => ['orders', 'ticket', id] as const },
  cashSummary: {
    all: ['cash-summary'] as const,
    day: (date: string, branchId?: string) => ['cash-summary', date, branchId ?? 'all'] as const,
  },
  costs: { all: ['costs'] as const },
  /** A branch's cash drawer of a day, and one drawer by id (its closing report). */
  cashDrawers: {
    all: ['cash-drawers'] as const,
    ofBranch: (branchId: string) => ['cash-drawers', 'branch', branchId] as const,
    byId: (id: string) => ['cash-drawers', 'id', id] as const,
  },
  me: {
    sessions: ['me', 'sessions'] as const,
    series: ['me', 'series'] as const,
    waitlist: ['me', 'waitlist'] as const,
    orders: ['me', 'orders'] as const,
    privacy: ['me', 'privacy'] as const,
    /** Issue 44: the client's lots that still hold credits, in the order a booking spends them. */
    creditLots: ['me', 'credit-lots'] as const,
    /** Issue 45: the second factor's state, and the account's open logins (its browsers). */
    twoFactor: ['me', 'two-factor'] as const,
    logins: ['me', 'logins'] as const,
  },
  /** CFDI invoices (issue 42): a fiscal profile, the invoices of some sales, the issuer's settings. */
  invoicing: {
    all: ['invoicing'] as const,
    myProfile: ['invoicing', 'my-profile'] as const,
    clientProfile: (userId: string) => ['invoicing', 'client-profile', userId] as const,
    mine: (orderIds: string[]) => ['invoicing', 'mine', orderIds] as const,
    sale: (orderId: string) => ['invoicing', 'sale', orderId] as const,
    settings: ['invoicing', 'settings'] as const,
    globals: ['invoicing', 'globals'] as const,
    globalSales: (id: string) => ['invoicing', 'globals', id] as const,
  },
  /**
   * Secret calendar addresses (issue 43): whether the signed-in person has one, and (super admin) each branch's staff
   * calendar. The addresses themselves are never read back: the server shows one only when it makes it.
   */
  calendarFeeds: {
    all: ['calendar-feeds'] as const,
    mine: ['calendar-feeds', 'mine'] as const,
    branches: ['calendar-feeds', 'branches'] as const,
  },
  /** WhatsApp (issue 43): the client's consent in Mi perfil, and the messages of Administración → Mensajes. */
  whatsapp: { mine: ['whatsapp', 'mine'] as const, messages: ['whatsapp', 'messages'] as const },
  /** The business's legal facts (GET /api/legal). */
  legal: ['legal'] as const,
  privacyRequests: ['privacy-requests'] as const,
  blocks: {
    days: ['blocks', 'days'] as const,
    rooms: ['blocks', 'rooms'] as const,
    affectedSessions: ['blocks', 'affected-sessions'] as const,
    affectedSessionsOf: (period: object) => ['blocks', 'affected-sessions', period] as const,
  },
};
