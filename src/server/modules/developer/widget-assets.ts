// The ticket widget's two scripts, hand-written and served as they are (about 2 KB together):
// they run on other people's sites and in a frame, so they carry no framework and no build
// step. `widget.js` goes on the host page; `embed.js` runs inside the framed /embed page.

/**
 * Host page: `<script src="https://…/widget.js" data-event="ID" async></script>` puts a frame
 * of the event's tickets after the tag, sizes it from the frame's messages, and re-dispatches
 * the frame's completion message as a `mea:checkout-complete` DOM event (bubbling from the tag).
 */
export const WIDGET_JS = `(function () {
  var script = document.currentScript;
  if (!script || !script.getAttribute('data-event')) return;
  var origin = new URL(script.src).origin;
  var src = origin + '/embed/events/' + encodeURIComponent(script.getAttribute('data-event'));
  var affiliate = script.getAttribute('data-affiliate');
  if (affiliate) src += '?ref=' + encodeURIComponent(affiliate);
  var frame = document.createElement('iframe');
  frame.src = src;
  frame.title = script.getAttribute('data-title') || 'Tickets';
  frame.style.cssText = 'display:block;width:100%;max-width:480px;height:260px;border:0;';
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (e) {
    if (e.origin !== origin || e.source !== frame.contentWindow || !e.data) return;
    if (e.data.type === 'mea:resize' && typeof e.data.height === 'number')
      frame.style.height = Math.ceil(e.data.height) + 'px';
    if (e.data.type === 'mea:checkout-complete')
      script.dispatchEvent(new CustomEvent('mea:checkout-complete', {
        bubbles: true,
        detail: { eventId: e.data.eventId, orderId: e.data.orderId }
      }));
  });
})();
`;

/**
 * Framed page: tells the parent its height, keeps each ticket type's availability current
 * (sold-out types greyed, Buy disabled while nothing is on sale), opens the checkout in a popup
 * (payment pages are never framed) with a random id, and asks the server by that id until the
 * buyer has paid.
 */
export const EMBED_JS = `(function () {
  var main = document.querySelector('main[data-checkout]');
  var button = document.getElementById('buy');
  var status = document.getElementById('status');
  function tell(message) { if (window.parent !== window) window.parent.postMessage(message, '*'); }
  // The content's own height: the document's scrollHeight is never below the frame's height,
  // so it could grow the frame but never shrink it.
  function size() {
    var box = main || document.body;
    tell({ type: 'mea:resize', height: Math.ceil(box.getBoundingClientRect().bottom) + 2 });
  }
  if (window.ResizeObserver) new ResizeObserver(size).observe(main || document.body);
  size();
  if (!main || !button) return;
  // Live availability: ask every POLL_MS while the page is visible. The request revalidates the
  // browser's copy with its ETag (cache: 'no-cache'), so an unchanged answer is a bodiless 304.
  var POLL_MS = 10000;
  var availability = '/api/developer/widget/events/' + main.getAttribute('data-event') + '/availability';
  function apply(state) {
    if (!state || !state.ticketTypes) return;
    state.ticketTypes.forEach(function (t) {
      var row = main.querySelector('li[data-type="' + t.id + '"]');
      if (!row) return;
      var left = row.querySelector('.left');
      if (left && left.textContent !== t.label) left.textContent = t.label;
      row.className = t.status === 'on_sale' ? '' : 'off';
    });
    button.disabled = !state.buyable;
    button.textContent = state.buyable ? 'Buy tickets' : 'Sold out';
  }
  function refresh() {
    return fetch(availability, { credentials: 'omit', cache: 'no-cache' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(apply, function () {});
  }
  (function tick() {
    setTimeout(function () {
      (document.visibilityState === 'hidden' ? Promise.resolve() : refresh()).then(tick);
    }, POLL_MS);
  })();
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') refresh();
  });
  button.addEventListener('click', function () {
    var bytes = new Uint8Array(24);
    crypto.getRandomValues(bytes);
    var nonce = btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    var url = main.getAttribute('data-checkout') + '?n=' + nonce;
    var ref = main.getAttribute('data-ref');
    if (ref) url += '&ref=' + encodeURIComponent(ref);
    var popup = window.open(url, 'mea-checkout', 'popup,width=520,height=760');
    if (!popup) {
      status.textContent = 'Your browser blocked the checkout window. Allow pop-ups, then try again.';
      return;
    }
    status.textContent = 'Finish your purchase in the new window.';
    var started = Date.now();
    (function poll() {
      fetch('/api/developer/widget/checkouts/' + nonce, { credentials: 'omit' })
        .then(function (r) { return r.json(); })
        .then(function (state) {
          if (state.status === 'complete') {
            status.textContent = 'Thank you! Your tickets are on their way by email.';
            refresh();
            tell({ type: 'mea:checkout-complete', eventId: state.eventId, orderId: state.orderId });
          } else if (Date.now() - started < 3600000) setTimeout(poll, 2000);
        }, function () { setTimeout(poll, 5000); });
    })();
  });
})();
`;
