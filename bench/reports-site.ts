import { benchAdmin } from './admin';
import { benchAuth } from './auth';
import { benchContent } from './content';
import { benchBundleSize, bundleVerdict } from './bundle-size';
import { benchCampaigns } from './campaigns';
import { benchFunnels } from './funnels';
import { benchHttp } from './http';
import { benchLighthouse } from './lighthouse';
import { benchLanguageSwitch, SWITCH_AIM_MS } from './language-switch';
import { benchSearch } from './search';
import { benchLiveLocation, benchRides } from './rides';
import { benchSeo } from './seo';
import { median, print, table } from './lib';
import { benchStartup } from './startup';
import { benchWebVitals, CLS_GOOD, LCP_GOOD_MS } from './web-vitals';
import { type BenchName } from './names';
import { ALL_OFFERS_AIM_S, benchWaitlistOffers } from './waitlist-offers';

// The figures `npm run bench` prints for the site and its features (the first half of the
// benches, in the order of BENCH_NAMES; reports-traffic.ts has the rest).

export const siteReports = {
  bundle: async () => {
    const verdict = bundleVerdict(benchBundleSize());
    print('Initial JS for the home route (gzip)', verdict.line);
    if (verdict.isOver) {
      process.stderr.write(`\n${verdict.line}\n`);
      process.exitCode = 1;
    }
  },
  'web-vitals': async () => {
    const vitals = await benchWebVitals();
    print(
      `Home route (/) LCP and CLS in Chromium (median of ${vitals.runs} cold loads; loopback network; Lighthouse good: LCP ≤ ${LCP_GOOD_MS} ms, CLS ≤ ${CLS_GOOD})`,
      [
        table(
          vitals.results.map((r) => ({
            profile: r.profile.name,
            'LCP ms': Math.round(r.lcpMs),
            CLS: r.cls.toFixed(3),
            'worst CLS': r.worstCls.toFixed(3),
            'layout shifts': r.shifts,
            verdict: r.lcpMs <= LCP_GOOD_MS && r.cls <= CLS_GOOD ? 'good' : 'NEEDS WORK',
          })),
        ),
        ...vitals.results.flatMap((r) =>
          r.largestShift
            ? [
                `${r.profile.name}: largest shift ${r.largestShift.value.toFixed(3)} at ${Math.round(r.largestShift.startTime)} ms, moved: ${r.largestShift.sources.join('; ')}`,
              ]
            : [],
        ),
        `traces (open in Chrome DevTools → Performance): ${vitals.results.map((r) => r.trace).join(', ')}`,
      ].join('\n'),
    );
  },
  lighthouse: async () => {
    const lh = await benchLighthouse();
    print(
      `Lighthouse 12.2.3 on the public pages (median of ${lh.runs} runs per page; this machine is shared, so TBT and LCP move with its load; aim performance ≥ 90, the others 100, LCP ≤ 2.5 s, CLS ≤ 0.1, TBT ≤ 200 ms)`,
      [
        table(
          lh.results.map((r) => ({
            page: r.page,
            preset: r.preset,
            perf: r.scores.performance,
            a11y: r.scores.accessibility,
            'best pr.': r.scores['best-practices'],
            SEO: r.scores.seo,
            'FCP s': (r.fcpMs / 1000).toFixed(1),
            'LCP s': (r.lcpMs / 1000).toFixed(1),
            CLS: r.cls.toFixed(3),
            'TBT ms': Math.round(r.tbtMs),
            load: r.load,
          })),
        ),
        ...lh.results
          .filter((r) => r.flagged.length)
          .map((r) => `${r.page} (${r.preset}) flags:\n  ${r.flagged.join('\n  ')}`),
        `reports of the median runs (open in https://googlechrome.github.io/lighthouse/viewer/): ${lh.reports}`,
      ].join('\n'),
    );
  },
  'language-switch': async () => {
    const result = await benchLanguageSwitch();
    print(
      `Language switch on /events to the new text, catalogs cached (median of ${result.runs}; aim ≤ ${SWITCH_AIM_MS} ms)`,
      table([
        { what: 'switch language', ms: result.switchMs.toFixed(1) },
        { what: 'in-app navigation (reference)', ms: result.navigationMs.toFixed(1) },
        { what: 'ratio', ms: (result.switchMs / result.navigationMs).toFixed(2) },
      ]),
    );
  },
  content: async () => {
    const content = await benchContent();
    const health = content.http[0]?.reqPerSec ?? 1;
    print(
      'Blog API beside /api/health (50 connections; aim ≥ 5,000 req/s, p99 ≤ 20 ms)',
      table(
        content.http.map((r) => ({
          route: r.name,
          'req/s': r.reqPerSec,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'vs health': (r.reqPerSec / health).toFixed(2),
          errors: r.non2xx,
        })),
      ),
    );
    print(
      'Help search and assistant (sequential; aim search p95 ≤ 30 ms, answer p95 ≤ 100 ms)',
      table(
        [content.search, content.chat].map((r) => ({
          what: r.name,
          'p50 ms': r.p50Ms.toFixed(1),
          'p95 ms': r.p95Ms.toFixed(1),
          samples: r.samples,
        })),
      ),
    );
  },
  startup: async () => {
    const startup = await benchStartup();
    print(
      `Cold npm start → first healthy response (median of ${startup.runs})`,
      table([
        { DATA_DIR: 'empty (initdb + migrate + seed)', ms: Math.round(startup.emptyMs) },
        { DATA_DIR: 'existing', ms: Math.round(startup.existingMs) },
      ]),
    );
  },
  http: async () => {
    const results = await benchHttp();
    const reference = results[0]?.reqPerSec ?? 1;
    print(
      'HTTP under autocannon (50 connections)',
      table(
        results.map((r) => ({
          target: r.name,
          'req/s': r.reqPerSec,
          'p99 ms': r.p99Ms,
          'vs hello-world': `${((r.reqPerSec / reference) * 100).toFixed(0)}%`,
          errors: r.errors + r.non2xx,
        })),
      ),
    );
  },
  funnels: async () => {
    const rows = await benchFunnels();
    const reference = rows[0]?.reqPerSec ?? 1;
    print(
      'A published funnel for visitors (50 connections, median of 3 alternating rounds; aim ≥ 3,000 req/s, p99 ≤ 30 ms)',
      table(
        rows.map((r) => ({
          target: r.target,
          'req/s': r.reqPerSec,
          'p99 ms': r.p99Ms,
          'vs /api/health': `${((r.reqPerSec / reference) * 100).toFixed(0)}%`,
          errors: r.errors,
        })),
      ),
    );
  },
  campaigns: async () => {
    const c = await benchCampaigns();
    print(
      `A campaign to ${c.recipients.toLocaleString('en-US')} subscribers (campaign batches → bulk lane at MAIL_BULK_RATE ${c.rate}/s → nodemailer pool) into a local SMTP sink in another process (aim: ≥ 0.5 of the raw pool, RSS growth ≤ 100 MB)`,
      [
        table([
          {
            delivered: c.delivered,
            'sends recorded': c.recorded,
            seconds: c.seconds,
            'mails/s': c.perSec,
            'raw pool mails/s (same run)': c.rawPerSec,
            ratio: c.ratio.toFixed(2),
            'RSS before MB': c.rssBeforeMb,
            'RSS peak MB': c.rssPeakMb,
            'RSS growth MB': c.rssGrowthMb,
          },
        ]),
        `raw pool before and after the campaign: ${c.rawRounds.join(', ')} mails/s (median shown)`,
      ].join('\n'),
    );
  },
  auth: async () => {
    const auth = await benchAuth();
    const row = (when: string, r: { reqPerSec: number; p99Ms: number }) => ({
      'GET /api/health (5 connections)': when,
      'req/s': r.reqPerSec,
      'p99 ms': r.p99Ms,
    });
    print(
      'Sign-in (argon2id m=19456,t=2,p=1) on this machine',
      [
        `sign-in: ${auth.signIn.reqPerSec} successful req/s, p99 ${auth.signIn.p99Ms} ms (20 connections, one address per request)`,
        `one address flooding: ${auth.singleAddress.okPerSec} signed in/s, ${auth.singleAddress.limitedPerSec} refused/s with 429`,
        table([
          row('idle', auth.healthIdle),
          row('during a sign-in flood from many addresses', auth.healthDuringFlood),
          row(
            'during a sign-in flood from one address (rate-limited)',
            auth.healthDuringSingleIpFlood,
          ),
        ]),
      ].join('\n'),
    );
  },
  search: async () => {
    const search = await benchSearch();
    print(
      `Search over ${search.events.toLocaleString('en-US')} events (in-process, the API's SQL, limit 50; loaded and indexed in ${search.loadSeconds.toFixed(0)} s)`,
      table(
        search.results.map((r) => ({
          query: `${r.label}: "${r.text}"${r.category ? ` in ${r.category}` : ''}`,
          kind: r.kind,
          hits: r.hits,
          'p50 ms': r.p50.toFixed(1),
          'p95 ms': r.p95.toFixed(1),
        })),
      ),
    );
  },
  rides: async () => {
    // BENCH_RIDES_PARTS=near or =live runs one half of the rides bench (default both).
    const ridesParts = (process.env.BENCH_RIDES_PARTS ?? 'near,live').split(',');
    if (ridesParts.includes('near')) {
      const rides = await benchRides();
      print(
        `Rides to one event with ${rides.rides.toLocaleString('en-US')} offers (in-process, the API's SQL, limit 200; loaded in ${rides.loadSeconds.toFixed(0)} s; aim near a point p95 ≤ 30 ms)`,
        table(
          rides.results.map((r) => ({
            query: r.label,
            rows: r.rows,
            'p50 ms': r.p50.toFixed(1),
            'p95 ms': r.p95.toFixed(1),
          })),
        ),
      );
    }
    if (ridesParts.includes('live')) {
      const live = await benchLiveLocation();
      print(
        `Live location: ${live.trips.toLocaleString('en-US')} trips, ${live.riders.toLocaleString('en-US')} riders on the socket, one update per second per driver ${live.via === 'socket' ? "up the driver's socket" : 'over HTTP'} (BENCH_LIVE_VIA; aim delivery p99 ≤ 150 ms)`,
        [
          table(
            live.rounds.map((r, i) => ({
              round: i + 1,
              sent: r.sent,
              'sent/s': r.sentPerSec,
              refused: r.refused,
              received: r.received,
              'p50 ms': r.p50Ms,
              'p99 ms': r.p99Ms,
              'answer p99 ms': r.answeredP99Ms,
              'server CPU µs/update': r.cpuUsPerUpdate,
              'server CPU µs/frame': r.cpuUsPerFrame,
            })),
          ),
          `median delivery p99 ${live.medianP99Ms} ms (driver's send → rider's socket; rounds of ${live.seconds} s)`,
          `server CPU per frame delivered: ours ${median(live.rounds.map((r) => r.cpuUsPerFrame))} µs (update, access check, position held, frames); bare ws broadcast to as many clients (same run): ${live.rawCpuUsPerFrame} µs, ${live.rawFramesPerSec}/s`,
        ].join('\n'),
      );
    }
  },
  admin: async () => {
    const admin = await benchAdmin();
    print(
      `Admin console over ${admin.orders.toLocaleString('en-US')} orders and ${admin.users.toLocaleString('en-US')} users (in-process, the API's SQL; loaded in ${admin.loadSeconds.toFixed(0)} s; analytics rollup of ${admin.rollupDays} days refreshed in ${admin.rollupSeconds.toFixed(1)} s; aim overview and analytics p95 ≤ 100 ms, users page p95 ≤ 50 ms)`,
      table(
        admin.queries.map((r) => ({
          query: r.label,
          rows: r.rows,
          'p50 ms': r.p50.toFixed(1),
          'p95 ms': r.p95.toFixed(1),
          'limit ms': r.limitMs,
          verdict: r.p95 <= r.limitMs ? 'ok' : 'OVER',
        })),
      ),
    );
    if (admin.csv)
      print(
        'Admin CSV export through the built server (aim ≥ 20,000 rows/s, RSS growth ≤ 50 MB)',
        table([
          {
            rows: admin.csv.rows,
            seconds: admin.csv.seconds.toFixed(2),
            'rows/s': Math.round(admin.csv.rowsPerSecond),
            'RSS before MB': admin.csv.rssBeforeMb.toFixed(0),
            'RSS growth MB': admin.csv.rssGrowthMb.toFixed(1),
            verdict:
              admin.csv.rowsPerSecond >= 20_000 && admin.csv.rssGrowthMb <= 50 ? 'ok' : 'OVER',
          },
        ]),
      );
  },
  seo: async () => {
    const seo = await benchSeo();
    const reference = seo.pages[0]?.reqPerSec ?? 1;
    print(
      'Page heads (aim ≥ 5,000 req/s, p99 ≤ 20 ms, ratio to the plain page ≥ 0.5)',
      table(
        seo.pages.map((p) => ({
          page: p.name,
          'req/s': p.reqPerSec,
          'p50 ms': p.p50Ms,
          'p99 ms': p.p99Ms,
          'ratio to plain': (p.reqPerSec / reference).toFixed(2),
          'non-2xx': p.non2xx,
        })),
      ),
    );
    print(
      `Sitemaps over ${seo.events.toLocaleString('en-US')} public events (loaded in ${seo.loadSeconds.toFixed(0)} s; first byte ≤ 200 ms, RSS growth ≤ 50 MB)`,
      table(
        seo.sitemaps.map((s) => ({
          file: s.name,
          'first byte ms': s.firstByteMs.toFixed(0),
          'total ms': s.totalMs.toFixed(0),
          KB: Math.round(s.bytes / 1024),
          'RSS growth MB': s.rssGrowthMb.toFixed(1),
        })),
      ),
    );
  },
  'waitlist-offers': async () => {
    const r = await benchWaitlistOffers();
    print(
      `Waiting list: ${r.people.toLocaleString('en-US')} people in line for a sold-out type, ${r.released.toLocaleString('en-US')} tickets released by one capacity change (with a sweep racing it), through the built server (aim: every offer sent within ${ALL_OFFERS_AIM_S} s)`,
      table([
        {
          'offers made s': r.offersSeconds.toFixed(2),
          'offer mails sent s': r.mailsSeconds.toFixed(2),
          offered: r.offered,
          'tickets offered': r.tickets,
          'places offered': `${r.firstOffered}–${r.lastOffered}`,
          'in list order': r.inOrder ? 'yes' : 'NO',
          'each ticket once': r.once ? 'yes' : 'NO',
          verdict: r.inOrder && r.once && r.mailsSeconds <= ALL_OFFERS_AIM_S ? 'ok' : 'OVER',
        },
      ]),
    );
  },
} satisfies Partial<Record<BenchName, () => Promise<void>>>;
