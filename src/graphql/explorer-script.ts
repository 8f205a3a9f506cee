/**
 * The explorer page's own script (served as /graphql/assets/explorer.js): it mounts GraphiQL
 * with two safeguards around credentials.
 *
 * - Storage that never keeps a header. GraphiQL writes its tabs, its query history and its
 *   favourites to localStorage, and the history items and tabs carry the request headers,
 *   that is the API key. The explorer hands GraphiQL a Storage that sets every `headers`
 *   field to null before anything is written and never writes the header-only keys, so
 *   history and tabs survive a reload without the key. On start it also cleans what an
 *   older explorer (or a GraphiQL on the same origin) left behind.
 * - A fetcher that sends nothing without credentials. GraphiQL introspects the schema as
 *   soon as it mounts, before the user could enter a key, and the service would answer 401.
 *   Until the Headers tab holds `Authorization: Bearer <key>` and `x-workspace-id`, the
 *   fetcher answers locally with a GraphQL error saying what to fill in.
 *
 * Plain ES5 in a string: the page runs it as it is (no bundler), under a CSP that allows
 * only this origin's scripts.
 */

/** The headers the Headers tab opens with: the two the service needs, to fill in. */
const HEADERS_TEMPLATE = JSON.stringify(
  { Authorization: 'Bearer <API key or OAuth access token>', 'x-workspace-id': '<workspace id>' },
  null,
  2,
);

/** The message the explorer shows, instead of sending a request, while credentials are missing. */
const CREDENTIALS_PROMPT =
  'Nothing was sent: fill in the Headers tab below first, with ' +
  '"Authorization": "Bearer <API key or OAuth access token>" and ' +
  '"x-workspace-id": "<workspace id>"; then run the query, or press the re-fetch button ' +
  '(Shift-Ctrl-R) to load the schema for autocompletion and docs.';

const DEFAULT_QUERY = `# Put your API key and workspace id in the Headers tab below, then run this
# query; the re-fetch button (or Shift-Ctrl-R) loads the schema for autocompletion and docs.
query FirstNodes {
  nodes(limit: 10, sort: [{ field: createdAt, direction: DESC }]) {
    total
    items {
      id
      entityType
      name
      edges(limit: 5) {
        items { type source { name } target { name } }
      }
    }
  }
}
`;

const STORAGE = `
  var PREFIX = 'graphiql:';
  // Keys that hold nothing but headers, or the choice to keep them.
  var HEADER_KEYS = { 'graphiql:headers': true, 'graphiql:shouldPersistHeaders': true };

  // The value to store for key: every "headers" field, at any depth, set to null (the form
  // GraphiQL itself uses for tabs without headers); null when the key must not be stored.
  function withoutHeaders(key, value) {
    if (HEADER_KEYS[key]) {
      return null;
    }
    var parsed;
    try {
      parsed = JSON.parse(value);
    } catch (notJson) {
      return value;
    }
    if (parsed === null || typeof parsed !== 'object') {
      return value;
    }
    return JSON.stringify(parsed, function (name, field) {
      return name === 'headers' ? null : field;
    });
  }

  function ownKeys(area) {
    var keys = [];
    for (var i = 0; i < area.length; i++) {
      var key = area.key(i);
      if (key !== null && key.indexOf(PREFIX) === 0) {
        keys.push(key);
      }
    }
    return keys;
  }

  function write(area, key, value) {
    var clean = withoutHeaders(key, value);
    if (clean === null) {
      area.removeItem(key);
    } else if (clean !== area.getItem(key)) {
      area.setItem(key, clean);
    }
  }

  // GraphiQL's Storage interface over localStorage, with headers filtered out of every write;
  // null (GraphiQL then keeps nothing) when the browser refuses localStorage.
  function headerlessStorage() {
    var area;
    try {
      area = window.localStorage;
      ownKeys(area).forEach(function (key) {
        write(area, key, area.getItem(key));
      });
    } catch (refused) {
      return null;
    }
    return {
      getItem: function (key) {
        var value = area.getItem(key);
        return value === null ? null : withoutHeaders(key, value);
      },
      setItem: function (key, value) {
        write(area, key, String(value));
      },
      removeItem: function (key) {
        area.removeItem(key);
      },
      clear: function () {
        ownKeys(area).forEach(function (key) {
          area.removeItem(key);
        });
      },
      get length() {
        return ownKeys(area).length;
      }
    };
  }
`;

const FETCHER = `
  function headerValue(headers, name) {
    for (var key in headers) {
      if (Object.prototype.hasOwnProperty.call(headers, key) && key.toLowerCase() === name) {
        return String(headers[key]).trim();
      }
    }
    return '';
  }

  // Both headers filled in with something other than the template's <placeholders>.
  function credentialsSet(headers) {
    var authorization = headerValue(headers, 'authorization');
    var workspace = headerValue(headers, 'x-workspace-id');
    return /^Bearer\\s+[^\\s<>]+$/i.test(authorization) && /^[^\\s<>]+$/.test(workspace);
  }

  function credentialsFirst(fetcher) {
    return function (params, options) {
      if (!credentialsSet((options && options.headers) || {})) {
        return Promise.resolve({ data: null, errors: [{ message: PROMPT }] });
      }
      return fetcher(params, options);
    };
  }
`;

/** The script itself. */
export const EXPLORER_SCRIPT = `(function () {
  'use strict';
  var PROMPT = ${JSON.stringify(CREDENTIALS_PROMPT)};
${STORAGE}
${FETCHER}
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(
    React.createElement(GraphiQL, {
      fetcher: credentialsFirst(GraphiQL.createFetcher({ url: '/graphql' })),
      storage: headerlessStorage(),
      defaultQuery: ${JSON.stringify(DEFAULT_QUERY)},
      defaultHeaders: ${JSON.stringify(HEADERS_TEMPLATE)},
      defaultEditorToolsVisibility: 'headers',
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false
    })
  );
})();
`;
