import type { Request, Response } from 'express';
import type { AuthorizationFlow, FlowOutcome } from '../../auth/oauth/authorization-flow';
import { authorizationServerMetadata } from '../../auth/oauth/metadata';
import { OAuthProtocolError } from '../../auth/oauth/protocol';
import type { TokenEndpoint } from '../../auth/oauth/token-endpoint';
import { readBrowserId, setBrowserCookie } from '../oauth/browser-cookie';
import { consentPage, errorPage, signInPage } from '../oauth/pages';
import { ParamsError, readParams } from '../oauth/request-params';
import type { RouteDef } from '../route-table';

/** What the authorization server routes need. */
export interface OAuthRouteDeps {
  flow: AuthorizationFlow;
  tokens: TokenEndpoint;
  /** PUBLIC_URL: the issuer and base of every endpoint; derived from the request when unset. */
  publicUrl: string | undefined;
  /** HTTP_BODY_TIMEOUT_MS: how long a request body may take to arrive. */
  bodyTimeoutMs: number;
}

/**
 * The issuer: PUBLIC_URL without a trailing slash, else this request's scheme and host
 * (honouring X-Forwarded-* only when TRUST_PROXY is on). Production should set PUBLIC_URL,
 * so that the issuer does not depend on a Host header.
 */
function issuerOf(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) {
    return publicUrl.replace(/\/+$/, '');
  }
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function basePathOf(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

/** Headers of every HTML page: never cached, never framed (clickjacking on the consent). */
function sendHtml(res: Response, status: number, html: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.send(html);
}

function render(res: Response, outcome: FlowOutcome, redirectStatus: 302 | 303, basePath: string) {
  switch (outcome.kind) {
    case 'sign-in':
      if (outcome.retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
      }
      sendHtml(res, outcome.status, signInPage(outcome.view, basePath));
      return;
    case 'consent':
      sendHtml(res, 200, consentPage(outcome.view, basePath));
      return;
    case 'redirect':
      res.status(redirectStatus);
      res.setHeader('Location', outcome.location);
      res.setHeader('Cache-Control', 'no-store');
      res.end();
      return;
    case 'error-page':
      sendHtml(res, outcome.status, errorPage(outcome.message));
      return;
  }
}

/** An RFC 6749 section 5.2 error response, never cached. */
function sendOAuthError(res: Response, error: OAuthProtocolError): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.status(error.status).json(error.toBody());
}

/** Reads an OAuth request's parameters, or answers the problem as `invalid_request`. */
async function oauthParams(req: Request, timeoutMs: number): Promise<Record<string, string>> {
  try {
    return await readParams(req, { form: true, json: true }, timeoutMs);
  } catch (error) {
    if (error instanceof ParamsError) {
      throw new OAuthProtocolError('invalid_request', error.message, error.status);
    }
    throw error;
  }
}

/** Reads a posted HTML form; null (after answering with an error page) when it cannot be read. */
async function formFields(
  req: Request,
  res: Response,
  timeoutMs: number,
): Promise<Record<string, string> | null> {
  try {
    return await readParams(req, { form: true, json: false }, timeoutMs);
  } catch (error) {
    if (error instanceof ParamsError) {
      sendHtml(res, 400, errorPage(`The form could not be read: ${error.message}`));
      return null;
    }
    throw error;
  }
}

/**
 * The OAuth 2.0 authorization server (docs/oauth.md): the browser pages of the
 * authorization code flow, the token and revocation endpoints and the RFC 8414 metadata.
 * All public (they authenticate users and clients themselves) and global. The token and
 * revocation endpoints answer in RFC 6749's shape, not the envelope, as OAuth clients expect.
 */
export function oauthRoutes(deps: OAuthRouteDeps): RouteDef[] {
  const oauthEndpoint =
    (work: (params: Record<string, string>, res: Response) => Promise<void>) =>
    async (req: Request, res: Response): Promise<void> => {
      try {
        await work(await oauthParams(req, deps.bodyTimeoutMs), res);
      } catch (error) {
        if (error instanceof OAuthProtocolError) {
          sendOAuthError(res, error);
          return;
        }
        throw error;
      }
    };

  /** A POST of a flow page's form: the flow's outcome for it, answered with a 303 redirect. */
  const formStep =
    (
      step: (
        form: Record<string, string>,
        browserId: string | undefined,
        issuer: string,
      ) => Promise<FlowOutcome>,
    ) =>
    async (req: Request, res: Response): Promise<void> => {
      const form = await formFields(req, res, deps.bodyTimeoutMs);
      if (form) {
        const issuer = issuerOf(req, deps.publicUrl);
        render(res, await step(form, readBrowserId(req), issuer), 303, basePathOf(issuer));
      }
    };

  return [
    {
      method: 'get',
      path: '/.well-known/oauth-authorization-server',
      access: 'public',
      handler: (req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=3600');
        res.json(authorizationServerMetadata(issuerOf(req, deps.publicUrl)));
      },
    },
    {
      method: 'get',
      path: '/authorize',
      access: 'public',
      handler: async (req, res) => {
        const issuer = issuerOf(req, deps.publicUrl);
        const browserId = readBrowserId(req) ?? setBrowserCookie(res, issuer);
        const outcome = await deps.flow.begin(req.query, browserId, issuer);
        render(res, outcome, 302, basePathOf(issuer));
      },
    },
    {
      method: 'post',
      path: '/authorize/sign-in',
      access: 'public',
      rawBody: true,
      handler: formStep((form, browserId) => deps.flow.signIn(form, browserId)),
    },
    {
      method: 'get',
      path: '/authorize/consent',
      access: 'public',
      handler: async (req, res) => {
        const requestId = typeof req.query.request_id === 'string' ? req.query.request_id : '';
        const outcome = await deps.flow.consent(requestId, readBrowserId(req));
        render(res, outcome, 303, basePathOf(issuerOf(req, deps.publicUrl)));
      },
    },
    {
      method: 'post',
      path: '/authorize/consent',
      access: 'public',
      rawBody: true,
      handler: formStep((form, browserId, issuer) => deps.flow.decide(form, browserId, issuer)),
    },
    {
      method: 'post',
      path: '/token',
      access: 'public',
      rawBody: true,
      handler: oauthEndpoint(async (params, res) => {
        const tokens = await deps.tokens.token(params);
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Pragma', 'no-cache');
        res.status(200).json(tokens);
      }),
    },
    {
      method: 'post',
      path: '/revoke',
      access: 'public',
      rawBody: true,
      handler: oauthEndpoint(async (params, res) => {
        await deps.tokens.revoke(params);
        res.setHeader('Cache-Control', 'no-store');
        res.status(200).end();
      }),
    },
  ];
}
