import type { ConsentView, SignInView } from '../../auth/oauth/authorization-flow';
import type { Scope } from '../../domain/scopes';
import { htmlDocument } from '../html-document';

/** What each scope lets an application do, in the words the consent page uses. */
const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'read:nodes': 'Read entities',
  'write:nodes': 'Create, change and delete entities',
  'read:edges': 'Read relationships',
  'write:edges': 'Create and delete relationships',
  'read:livedata': 'Read live data sources and their time series',
  'write:livedata': 'Create live data sources and send data points',
  'read:connectors': 'Read webhook connectors and their events',
  'write:connectors': 'Create, change and delete webhook connectors',
  'write:ontology': 'Define, change and delete entity and relationship types',
  'read:events': 'Read the change feed: what changed in the workspace, as it happens',
  'write:event-subscriptions': 'Create, change and delete webhook subscriptions to the change feed',
  admin: 'Manage API keys, OAuth applications and workspace settings',
};

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem;
         border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box;
         padding: .55rem; font: inherit; border: 1px solid #b8bfcc; border-radius: 4px; }
  button { font: inherit; padding: .55rem 1.2rem; border-radius: 4px; border: 1px solid #2453c7;
           background: #2453c7; color: #fff; cursor: pointer; margin: 1.25rem .5rem 0 0; }
  button.secondary { background: #fff; color: #2453c7; }
  .error { background: #fdecea; color: #8a1c12; padding: .6rem .8rem; border-radius: 4px; }
  .muted { color: #5b6474; font-size: .9rem; }
  code { background: #eef0f4; padding: 0 .25rem; border-radius: 3px; }
  li { margin: .25rem 0; }
`;

function layout(title: string, body: string): string {
  return htmlDocument(
    `<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>`,
    `<main>
${body}
</main>`,
  );
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

function scopeList(scopes: readonly Scope[]): string {
  return `<ul>${scopes
    .map((s) => `<li>${escapeHtml(SCOPE_DESCRIPTIONS[s])} <code>${escapeHtml(s)}</code></li>`)
    .join('')}</ul>`;
}

/**
 * The sign-in page: email and password. `basePath` is the path the service is mounted at
 * (from PUBLIC_URL; empty at the root): the page is served from two paths
 * (`/authorize` and, after a failed attempt, `/authorize/sign-in`), so form targets are absolute.
 */
export function signInPage(view: SignInView, basePath: string): string {
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : '';
  return layout(
    'Sign in',
    `<h1>Sign in to continue to ${escapeHtml(view.clientName)}</h1>
${error}
<form method="post" action="${escapeHtml(basePath)}/authorize/sign-in">
${hidden('request_id', view.requestId)}
${hidden('csrf_token', view.csrfToken)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(view.email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="muted">${escapeHtml(view.clientName)} is asking for:</p>
${scopeList(view.scopes)}`,
  );
}

/** The consent page: what the application gets, where, and Allow / Deny. */
export function consentPage(view: ConsentView, basePath: string): string {
  const workspaces =
    view.workspaces.length === 0
      ? '<p class="error">You hold none of these permissions in any workspace, so there is nothing to grant.</p>'
      : `<p>It will act as you in:</p><ul>${view.workspaces
          .map(
            (w) =>
              `<li><strong>${escapeHtml(w.name)}</strong> <span class="muted">(${escapeHtml(w.id)})</span>: ${w.scopes
                .map((s) => `<code>${escapeHtml(s)}</code>`)
                .join(' ')}</li>`,
          )
          .join('')}</ul>`;
  const notHeld =
    view.notHeld.length === 0
      ? ''
      : `<p class="muted">Not granted, because you do not hold them: ${view.notHeld
          .map((s) => `<code>${escapeHtml(s)}</code>`)
          .join(' ')}</p>`;
  const allow =
    view.granted.length === 0
      ? ''
      : '<button type="submit" name="decision" value="allow">Allow</button>';
  return layout(
    'Authorize application',
    `<h1>${escapeHtml(view.clientName)} wants to access your account</h1>
<p class="muted">Signed in as ${escapeHtml(view.userEmail)}. You will be sent back to
<code>${escapeHtml(view.redirectTarget)}</code>.</p>
${view.granted.length > 0 ? `<p>It will be able to:</p>${scopeList(view.granted)}` : ''}
${notHeld}
${workspaces}
<form method="post" action="${escapeHtml(basePath)}/authorize/consent">
${hidden('request_id', view.requestId)}
${hidden('csrf_token', view.csrfToken)}
${allow}
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

/** A page for a request that cannot go back to the application (unknown client, bad redirect_uri, expired form). */
export function errorPage(message: string): string {
  return layout(
    'Authorization error',
    `<h1>This request cannot be completed</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="muted">If you came here from an application, tell its developers; you can close this page.</p>`,
  );
}
