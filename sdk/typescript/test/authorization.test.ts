import { createHash } from 'node:crypto';
import { WosOAuthError, startAuthorization } from '../src';
import { startSdkService } from './support/sdk-service';

const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const SCOPES = ['read:nodes', 'write:nodes'];
const ISSUER = 'http://127.0.0.1:3000';

describe('startAuthorization', () => {
  it('carries an S256 challenge of a fresh verifier, and a fresh state', async () => {
    const request = await startAuthorization({
      issuer: ISSUER,
      clientId: 'cli_x',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/authorize`);
    const challenge = createHash('sha256').update(request.codeVerifier).digest('base64url');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cli_x',
      redirect_uri: REDIRECT_URI,
      scope: 'read:nodes write:nodes',
      state: request.state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(request.url).not.toContain(request.codeVerifier);
    const other = await startAuthorization({
      issuer: ISSUER,
      clientId: 'cli_x',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    expect(other.state).not.toBe(request.state);
    expect(other.codeVerifier).not.toBe(request.codeVerifier);
  });

  it('refuses a redirect that does not answer the request', async () => {
    const request = await startAuthorization({
      issuer: ISSUER,
      clientId: 'cli_x',
      redirectUri: REDIRECT_URI,
      scopes: SCOPES,
    });
    const iss = encodeURIComponent(ISSUER);
    expect(request.codeFrom(`${REDIRECT_URI}?code=c1&state=${request.state}&iss=${iss}`)).toBe(
      'c1',
    );
    const errorOf = (url: string) => {
      try {
        request.codeFrom(url);
      } catch (error) {
        return error instanceof WosOAuthError ? error.error : error;
      }
      return 'no error';
    };
    expect(errorOf(`${REDIRECT_URI}?code=c1&state=forged`)).toBe('invalid_state');
    expect(errorOf(`${REDIRECT_URI}?code=c1&state=${request.state}&iss=http://evil`)).toBe(
      'invalid_issuer',
    );
    expect(errorOf(`${REDIRECT_URI}?error=access_denied&state=${request.state}`)).toBe(
      'access_denied',
    );
    expect(errorOf(`${REDIRECT_URI}?state=${request.state}`)).toBe('invalid_request');
  });

  it("is accepted by the service's authorization endpoint", async () => {
    const s = await startSdkService();
    try {
      const registered = await s.client.operations.createOAuthClient({
        body: { name: 'sdk pkce test', redirectUri: REDIRECT_URI, scopes: ['read:nodes'] },
      });
      const request = await startAuthorization({
        issuer: s.baseUrl,
        clientId: registered.data.clientId,
        redirectUri: REDIRECT_URI,
        scopes: ['read:nodes'],
      });
      const page = await fetch(request.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('name="request_id"');
    } finally {
      await s.close();
    }
  });
});
