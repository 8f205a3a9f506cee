/**
 * Generated from docs/api/openapi.yaml (API version 0.1.0) by `npm run sdk:generate`.
 * Do not edit: change the document and regenerate.
 */
/* eslint-disable */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Answers `200` while the process is up and serving HTTP. It checks no store, so it stays
         *     green when a database is unreachable; use `/ready` for that.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description Pings every store the service depends on (each ping times out after 2 s) and answers
         *     `200` when all of them answer, or `503 SERVICE_UNAVAILABLE` naming the ones that did not.
         *     Redis (with `REDIS_URL`) is reported but not required: while it is down the answer is
         *     still `200`, with `checks.redis: down`.
         *     From the moment the service begins to shut down (SIGTERM or SIGINT) it answers `503`
         *     with `details.reason: shutting down`, without pinging the stores.
         *     Load balancers should route traffic only to instances that are ready.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Metrics in the Prometheus text exposition format: request counts and latency histograms
         *     by method, route template and status, refusals by error code and plan, commands, webhook
         *     deliveries, store calls, search indexing and Redis health (listed in docs/operations.md),
         *     plus the Node.js process metrics. When the operator
         *     sets `METRICS_TOKEN`, the route needs `Authorization: Bearer <METRICS_TOKEN>` and answers
         *     `401` without it; otherwise it is open.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description
         * @description The OpenAPI 3.1 document you are reading, as YAML. Feed it to code generators or API clients.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browsable API reference
         * @description An HTML page (Swagger UI) that renders `/openapi.yaml`. Its assets are served by the
         *     service itself from `/docs/assets/` and `/docs/init.js`; no CDN is involved, so the page
         *     also works offline.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/explorer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Cypher explorer page
         * @description An HTML page for analysts: a Cypher editor with highlighting, the result as a table and
         *     as a graph of its nodes and relationships, and a click on a node to add its neighbours.
         *     The page needs no credential; the API key and workspace id are typed into the page,
         *     kept in it only (never in browser storage or cookies), and sent with each request it
         *     makes to `POST /api/queries/cypher` and `GET /api/queries/nodes/{id}/neighbors`. Its
         *     scripts, styles and libraries come from `/explorer/assets/`, under a
         *     Content-Security-Policy that allows this origin only. See `docs/explorer.md`.
         */
        get: operations["getCypherExplorer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/explorer/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file of the Cypher explorer page
         * @description The page's stylesheet, its own ES modules and the libraries it loads (CodeMirror,
         *     Cytoscape), served from the service's installed packages; no CDN is involved. Only the
         *     files the page names are served.
         */
        get: operations["getCypherExplorerAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling credential
         * @description Describes the credential that made the request: its kind, the actor it acts as, and every
         *     workspace it may act in with the scopes it holds there. An API key has exactly one
         *     workspace; an OAuth access token has one per membership of its user. Needs no scope and
         *     no `x-workspace-id`; a good first call to check a credential.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspaces the caller may act in
         * @description Lists the workspaces the credential may act in, oldest first, each with the scopes the
         *     credential holds there. Needs no scope and no `x-workspace-id`.
         */
        get: operations["listWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Lists the workspace's keys, oldest first, revoked and expired ones included (check
         *     `revokedAt` and `expiresAt`). Secrets are never listed; `prefix` helps recognise a key.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a key in the workspace named by `x-workspace-id`. The response carries the key's
         *     `secret`; it is shown only here, so store it at once (the service keeps only its hash).
         *     A key can never carry a scope its creator does not hold in the workspace (`403 FORBIDDEN`).
         *     The `Location` header gives the key's URL.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The key's id (`key_...`).
                 * @example key_Yc4mX0nq7hV2pL9sTz1B
                 */
                id: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        /**
         * Get an API key
         * @description One key of the workspace. A key of another workspace is answered as missing (`404`).
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes the key: from now on it is answered with `401`. The key stays listed with its
         *     `revokedAt` time. Revoking a key that is already revoked changes nothing and also answers
         *     `204`. A key can revoke itself.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/queries/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List nodes
         * @description One page of the workspace's nodes, filtered by `entityType` and exact `name`, by
         *     conditions `filter[<field>][<op>]=<value>` (ANDed) and by a JSON tree in `where` (for
         *     OR groups); all of them combine with AND. Fields: `id`, `name`, `entityType`,
         *     `createdAt`, `updatedAt`, `version`, `properties.<key>`. Operators: `eq` (the default),
         *     `ne`, `gt`, `gte`, `lt`, `lte`, `in`, `nin` (comma-separated or a JSON array),
         *     `contains`, `startsWith`, `exists`. At most 20 conditions, groups nested 3 deep, 100
         *     values per list. A bad field, operator or value is a `400 VALIDATION_ERROR` whose
         *     `details.issues[].path` names the parameter (`query.filter[properties.rpm][gt]`). The
         *     full rules are in `docs/filters.md`.
         *
         *     Paging: `limit` with `offset`, or `cursor` (the previous page's `meta.nextCursor`),
         *     which stays stable while records are inserted or deleted. `meta.nextCursor` is null on
         *     the last page. `count=false` skips counting (`meta.total: null`). Without `sort` the
         *     order is by `id`. Unknown query parameters are a `400`.
         *
         *     Examples: `?entityType=Pump&filter[properties.rpm][gt]=1000&sort=-createdAt`,
         *     `?filter[name][startsWith]=Feed&filter[properties.tags][contains]=north`,
         *     `?filter[updatedAt][gte]=2026-01-31T00:00:00Z&count=false`,
         *     `?where={"or":[{"field":"properties.site","op":"in","value":["a","b"]},{"field":"properties.rpm","op":"gt","value":1000}]}`
         *     (URL-encoded).
         */
        get: operations["listNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/queries/nodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The node's id (a UUID, or the id the client chose when creating it).
                 * @example pump-1
                 */
                id: components["parameters"]["NodeId"];
            };
            cookie?: never;
        };
        /**
         * Get a node
         * @description One node of the workspace. A node of another workspace is answered as missing (`404`).
         */
        get: operations["getNode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/queries/nodes/{id}/neighbors": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The node's id (a UUID, or the id the client chose when creating it).
                 * @example pump-1
                 */
                id: components["parameters"]["NodeId"];
            };
            cookie?: never;
        };
        /**
         * The neighbourhood of a node
         * @description The subgraph around a node: the node itself, the nodes reached within `depth` hops along
         *     edges of the given `direction` and `type`s (closest first), and the edges traversed. It
         *     holds at most `meta.maxNodes` (500) nodes; `meta.truncated` says when that limit cut it
         *     short. Needs `read:nodes`.
         */
        get: operations["getNodeNeighbors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/queries/cypher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a read-only Cypher query
         * @description Runs a query in the read-only subset of openCypher described in `docs/cypher.md`
         *     (MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, aggregates,
         *     variable-length relationships, shortestPath, `$parameters`) over the workspace named by
         *     `x-workspace-id`, and no other: every node and relationship the query can reach belongs
         *     to it, whatever the text says. Node labels are entity types (`:Entity` matches any).
         *     Nodes and relationships in the answer are node and edge records as the other query
         *     routes show them; a path is `{ nodes, relationships }`; dates and datetimes are ISO-8601
         *     strings. At most `CYPHER_MAX_ROWS` rows (default 1000) are returned: `meta.truncated`
         *     says when more were found. A query that runs longer than `CYPHER_TIMEOUT_MS` (default
         *     5000) is stopped with `CYPHER_LIMIT_EXCEEDED`. Needs `read:nodes` and `read:edges`.
         */
        post: operations["runCypher"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/queries/edges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List edges
         * @description One page of the workspace's edges, filtered by `type`, `sourceId`, `targetId` and
         *     `nodeId` (either end), by conditions `filter[<field>][<op>]=<value>` and by a JSON tree
         *     in `where`, as for nodes; all combine with AND. Fields: `id`, `type`, `sourceId`,
         *     `targetId`, `nodeId` (either end for `eq`/`in`, neither end for `ne`/`nin`),
         *     `createdAt`, `updatedAt`, `version`, `properties.<key>`. Paging, `cursor` and `count`
         *     as for nodes. Without `sort` the order is by `id`. Unknown query parameters are a
         *     `400`.
         *
         *     Example: `?type=FEEDS&sourceId=pump-1&filter[properties.flow][gte]=2.5&sort=-createdAt`.
         */
        get: operations["listEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/queries/edges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The edge's id (a UUID, or the id the client chose when creating it).
                 * @example 9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d
                 */
                id: components["parameters"]["EdgeId"];
            };
            cookie?: never;
        };
        /**
         * Get an edge
         * @description One edge of the workspace. An edge of another workspace is answered as missing (`404`).
         */
        get: operations["getEdge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ontology": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the whole ontology
         * @description The workspace's schema in one answer: its settings, every entity type and every
         *     relationship type (each by name). `settings.revision` increases with every change of
         *     the ontology; it is 0 before the first.
         */
        get: operations["getOntology"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ontology/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the ontology settings
         * @description Whether the workspace accepts only defined types (`strictOntology`), and the ontology's revision.
         */
        get: operations["getOntologySettings"];
        /**
         * Change the ontology settings
         * @description `strictOntology: true` makes a record of an undefined entity or relationship type a
         *     `400` (naming the type) on every write path. Turning it on while records of undefined
         *     types exist is `409 CONFLICT` with `details.violations` and `details.sample`, unless
         *     `validateExisting=false`.
         */
        put: operations["putOntologySettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ontology/entity-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List entity types
         * @description The workspace's entity types by name, paged (`limit`, `offset`).
         */
        get: operations["listEntityTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ontology/entity-types/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        /**
         * Get an entity type
         * @description One entity type by name; `404` when the workspace does not define it.
         */
        get: operations["getEntityType"];
        /**
         * Define or change an entity type
         * @description Creates the entity type (`201`) or replaces its definition (`200`, `version` one higher;
         *     sending the stored definition again changes nothing). The definition is validated
         *     whole: every problem is one issue of the `400`. Records of the type already in the
         *     workspace are checked against the new definition in the same transaction: when any
         *     breaks it the answer is `409 CONFLICT` with `details.violations` (how many records)
         *     and `details.sample` (the first ten, with their issues), and nothing changes, unless
         *     `validateExisting=false`, which applies the definition to writes from then on.
         */
        put: operations["putEntityType"];
        post?: never;
        /**
         * Delete an entity type
         * @description Deletes a entity type no record uses and no relationship type names as an end: otherwise `409 CONFLICT`
         *     with `details.records` (how many nodes have it) or `details.relationshipTypes`.
         *     Records of an undefined type stay allowed unless the workspace is strict.
         */
        delete: operations["deleteEntityType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ontology/relationship-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List relationship types
         * @description The workspace's relationship types by name, paged (`limit`, `offset`).
         */
        get: operations["listRelationshipTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ontology/relationship-types/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        /**
         * Get a relationship type
         * @description One relationship type by name; `404` when the workspace does not define it.
         */
        get: operations["getRelationshipType"];
        /**
         * Define or change a relationship type
         * @description Creates the relationship type (`201`) or replaces its definition (`200`, `version` one higher;
         *     sending the stored definition again changes nothing). The definition is validated
         *     whole: every problem is one issue of the `400`. Records of the type already in the
         *     workspace are checked against the new definition in the same transaction: when any
         *     breaks it the answer is `409 CONFLICT` with `details.violations` (how many records)
         *     and `details.sample` (the first ten, with their issues), and nothing changes, unless
         *     `validateExisting=false`, which applies the definition to writes from then on.
         */
        put: operations["putRelationshipType"];
        post?: never;
        /**
         * Delete a relationship type
         * @description Deletes a relationship type no record uses: otherwise `409 CONFLICT`
         *     with `details.records` (how many edges have it).
         *     Records of an undefined type stay allowed unless the workspace is strict.
         */
        delete: operations["deleteRelationshipType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/commands/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a command
         * @description The single write endpoint of the ontology. The body names the command in `type` and its
         *     arguments in `payload`; the answer is `{ commandId, type, result }`, where `result`
         *     depends on the type:
         *
         *     | Type | Result | Status | Scope |
         *     |---|---|---|---|
         *     | `CREATE_NODE` | the node (`Node`) | 201 | `write:nodes` |
         *     | `UPDATE_NODE` | the node (`Node`) | 200 | `write:nodes` |
         *     | `DELETE_NODE` | `{ id, deleted, deletedEdgeIds }` | 200 | `write:nodes` |
         *     | `CREATE_EDGE` | the edge (`Edge`) | 201 | `write:edges` |
         *     | `DELETE_EDGE` | `{ id, deleted }` | 200 | `write:edges` |
         *     | `UNDO` | `{ undone: { commandId, type, changes } }` | 200 | that of the undone command |
         *     | `REDO` | `{ redone: { commandId, type, changes } }` | 200 | that of the redone command |
         *
         *     Each command is one transaction together with its undo-log entry: it applies wholly or
         *     not at all. `DELETE_NODE` also deletes every edge at either end of the node, and `UNDO`
         *     restores them all with their ids, properties and versions.
         *
         *     With an `Idempotency-Key`, the same key and the same request (type and payload, in any
         *     key order) within 24 hours replays the first response, status included, without
         *     executing again (`Idempotent-Replayed: true`); a different request under the same key
         *     is `422`. See the introduction and `docs/ontology.md` for undo/redo and conflicts.
         */
        post: operations["executeCommand"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/commands/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute many commands in one transaction
         * @description Applies 1 to 1,000 record commands (`CREATE_NODE`, `UPDATE_NODE`, `DELETE_NODE`,
         *     `CREATE_EDGE`, `DELETE_EDGE`, each exactly as `POST /api/commands/execute` takes it) in
         *     order, in ONE store transaction: every command is applied, or none is. The answer lists
         *     each command's `result` in order, with the `index` of the command.
         *
         *     A command may use the result of an earlier command of the same batch: where a payload
         *     field names an existing record (`id` of `UPDATE_NODE`, `DELETE_NODE` and `DELETE_EDGE`;
         *     `sourceId` and `targetId` of `CREATE_EDGE`), `{ "$ref": n }` stands for the `id` of the
         *     result of command `n` (0-based; the index may also be written as a string of digits).
         *     A `$ref` is an object, so it can never be mistaken for an id. A `$ref` to the command
         *     itself or a later one, in any other field, or to a result without an id is a `400`
         *     naming the command. Client-chosen ids (`id` in `CREATE_NODE`/`CREATE_EDGE`) work too.
         *
         *     The batch is checked before anything is written: the body and every command (`400`),
         *     then the scope of every command (`403 INSUFFICIENT_SCOPE`, e.g. a `CREATE_EDGE` without
         *     `write:edges`). A command that fails while applied (a missing node, a taken id, a
         *     version conflict, ...) fails the whole batch with that command's own status and code:
         *     `details.index` names the command and `details.item` holds its own error
         *     (`code`, `message`, `details`); for a `VALIDATION_ERROR` `details.issues` and for
         *     `INSUFFICIENT_SCOPE` `details.requiredScope` are also at the top. Nothing is written then.
         *
         *     `UNDO` and `REDO` cannot be part of a batch (`400`): the batch is ONE entry of the
         *     caller's history, so one `UNDO` (sent on its own) takes the whole batch back and one
         *     `REDO` re-applies it; if any record of the batch was changed by someone else since,
         *     the undo fails with `409 VERSION_CONFLICT` and changes nothing.
         *
         *     One `Idempotency-Key` covers the whole batch, as for a single command. A batch counts
         *     as one request for the rate limits. The body limit of this route is
         *     `BATCH_BODY_LIMIT_BYTES` (16 MiB by default), not the general `BODY_LIMIT_BYTES`.
         */
        post: operations["executeCommandBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's imports
         * @description Newest first, running ones included. Needs `read:nodes`.
         */
        get: operations["listImports"];
        put?: never;
        /**
         * Import an NDJSON upload into the workspace
         * @description Streams an upload in the format `cli export` writes (`Content-Type:
         *     application/x-ndjson`, one JSON object per line) into the workspace of the request,
         *     as it arrives, in transactions of 1,000 records; memory stays bounded however large the
         *     upload. Needs `write:nodes` and `write:edges`.
         *
         *     The upload may be compressed, as JSON bodies may: `Content-Encoding: gzip` (an export
         *     saved from `GET /api/export` with `Accept-Encoding: gzip`, gzip members
         *     concatenated), `deflate` or `br`. It is decompressed as it arrives, and the limits
         *     below apply to the decompressed lines. Another Content-Encoding is a 415; bytes that
         *     do not decompress as the header says stop the import as a problem (below), and so
         *     does an upload that, past its first MiB, expands to more than 200 times the
         *     compressed bytes received (a decompression bomb).
         *
         *     - The `workspace` line is optional; when present it must be the first line. Its
         *       workspace is only where the file came from: records always go into the workspace of
         *       `x-workspace-id`, and the header never changes that workspace.
         *     - `node` and `edge` lines keep their ids, versions and timestamps. An edge's ends must
         *       exist by its line (on an earlier line or already in the workspace). A record that
         *       already exists exactly as in the upload is skipped (`unchanged`), so an upload cut
         *       half-way can be sent again whole.
         *     - `entityType`, `relationshipType` and `ontology` lines (format version 2) come before
         *       every node and edge. A type the workspace lacks is defined as the line has it
         *       (version and timestamps kept), which needs `write:ontology`; one it has with exactly
         *       this definition is skipped; one it has with another definition is a problem.
         *       `ontology` with `strictOntology: true` turns it on (needs `write:ontology`).
         *       Types are not counted in `nodes`, `edges` or `unchanged`.
         *     - Every record is checked against the types in force, as a command's record is: one
         *       that breaks its type (or takes a `unique` value or a `one` end already taken) is a
         *       problem. With `validateRecords=false` (which needs `write:ontology` too) records are
         *       written as the upload has them, to move a workspace whose records were kept by a
         *       type change made with `validateExisting=false`: only a `unique` value another record
         *       holds is still a problem, and the upload's types and `strictOntology` apply to
         *       writes from then on, leaving the records in place as they are.
         *     - The `end` line must come last and count the upload's node and edge lines (and its
         *       type lines, in `types`, when present); an upload without it is truncated.
         *
         *     The first problem stops the import (`status: failed`, `errors: [{ line, message }]`):
         *     a line that is not valid JSON or not a valid record, longer than 1 MiB, not UTF-8, or
         *     spelling an unpaired surrogate (`\ud800` alone; refused as in JSON bodies, rather
         *     than stored as U+FFFD), an id taken with other content, a missing edge end, a record that breaks its type, a type line
         *     that cannot be applied, a missing or wrong end line, a connection closed (or
         *     half-closed) before the end of the body (`the upload was cut off`, on the line the cut
         *     fell in), or bytes that do not decompress as the Content-Encoding says (then which
         *     lines before them were read can depend on how the bytes arrived; the record's
         *     `lines` says). Every record on a line before the problem is kept (committed);
         *     nothing from that line on is written. The import is not part of anyone's UNDO history.
         *
         *     The answer comes once the upload is read: `201` with the import record, whose `status`
         *     says whether it `completed` or `failed` (check it). While it runs, `GET
         *     /api/imports/{id}` and `GET /api/imports` show its progress after each committed
         *     chunk. An upload counts as one request for the rate limits. At most 4 imports run at
         *     once in one server process; past that the answer is `503` with `Retry-After`, before
         *     any of the upload is read.
         */
        post: operations["startImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The import's id. */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Read an import's progress or outcome
         * @description Counts are what is committed so far. Needs `read:nodes`.
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the workspace as NDJSON
         * @description Streams the workspace of the request in the format `POST /api/imports` and `cli
         *     import` read (the one `cli export` writes): the `workspace` line, the entity and
         *     relationship types, the ontology settings (when they were ever changed), every node by
         *     id, every edge by id, and the `end` line with the counts. Records are exactly as
         *     stored: ids, versions, timestamps and properties. Needs `read:nodes` and `read:edges`.
         *
         *     - **Consistent.** On the embedded store the records come from one snapshot: writes
         *       made while the export runs are not in it. On Neo4j the records are read page by
         *       page (by id, never by offset); a record written meanwhile may or may not be in it,
         *       and an edge whose end was not read is left out, so the file always imports.
         *     - **Streamed.** Records are read as the client reads them (memory stays bounded
         *       however large the workspace). A client that takes in nothing for 2 minutes is
         *       cut off (a reader slower than about 10 KB/s may be), and so is one still reading
         *       after `EXPORT_TIME_LIMIT_MS` (30 minutes by default).
         *     - **Compressed on request.** With `Accept-Encoding: gzip` (preferred to `identity`)
         *       the body is gzip-compressed (`Content-Encoding: gzip`), typically 5-10 times
         *       smaller; `POST /api/imports` takes the file as it was saved, with
         *       `Content-Encoding: gzip`.
         *     - **Incomplete files are detectable.** Errors found before the first record are
         *       answered in the envelope. Once lines are sent, a failure (or the server shutting
         *       down) closes the connection before the `end` line; an import refuses such a file as
         *       truncated.
         *     - At most 4 exports run at once in one server process; past that the answer is 503
         *       with `Retry-After`.
         *     - Counts as one request for the rate limits. Not undone by UNDO and not recorded in
         *       anyone's history (it writes nothing).
         */
        get: operations["exportWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live-data/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List live data sources
         * @description One page of the workspace's sources, oldest first (ties by `id`), optionally only those
         *     linked to the node `entityId`. `pointCount` and `lastPointAt` come from the time-series
         *     store, so this answers `503` while InfluxDB (when configured) is unreachable. Unknown
         *     query parameters are a `400`.
         */
        get: operations["listLiveDataSources"];
        put?: never;
        /**
         * Create a live data source
         * @description Creates a source of data points in the workspace named by `x-workspace-id`. `entityId`
         *     may link it to a node of the same workspace (`404` when there is no such node; the link
         *     is checked at creation only). The `Location` header gives the source's URL.
         */
        post: operations["createLiveDataSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live-data/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's id (a UUID).
                 * @example 0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59
                 */
                id: components["parameters"]["LiveDataSourceId"];
            };
            cookie?: never;
        };
        /**
         * Get a live data source
         * @description One source of the workspace. A source of another workspace is answered as missing (`404`).
         */
        get: operations["getLiveDataSource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live-data/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest data points
         * @description Stores up to 10,000 points per request, for one source (`{ sourceId, points }`) or for
         *     several sources of the workspace (`{ batches: [{ sourceId, points }] }`, up to 100
         *     batches, 10,000 points in all).
         *
         *     Every point is validated before anything is written: `timestamp` is an ISO-8601
         *     date-time with an offset (`Z` or `+hh:mm`) or epoch milliseconds (not before 1970, at
         *     most one day in the future; sub-millisecond digits are truncated), `value` a finite
         *     number, `tags` an optional object of up to 16 string values (names: a letter or `_`,
         *     then up to 63 letters, digits or `_`; values up to 256 characters). One bad point
         *     answers `400` naming its index (e.g. `body.points.17.value`) and nothing is stored; an
         *     unknown source (or one of another workspace) answers `404` and nothing is stored.
         *
         *     A point is identified by its source and timestamp: sending a timestamp again replaces
         *     that point's value and tags (within one request, the later point wins). Retrying a
         *     request is therefore safe. The body limit of this route is `LIVE_DATA_BODY_LIMIT_BYTES`
         *     (4 MiB by default). While InfluxDB (when configured) is unreachable the answer is `503`
         *     and nothing is stored.
         */
        post: operations["ingestLiveData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live-data/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Query time series
         * @description Points of one or several sources in the window `[from, to)`.
         *
         *     - `aggregation=raw` (the default) returns stored points, oldest first (`order=desc`:
         *       newest first), at most `limit` per source (default 1,000; values above 10,000 are
         *       clamped); `truncated` says whether the window holds more.
         *     - `mean`, `min`, `max`, `sum`, `count`, `first`, `last` need `interval` and return one
         *       point per non-empty bucket. Buckets are aligned to epoch multiples of the interval
         *       (a bucket's `timestamp` is its start, which may lie before `from`; only points inside
         *       the window count). The interval must divide one day evenly and the window may span
         *       at most 10,000 buckets. `first`/`last` are the values of the bucket's earliest/latest
         *       point; `sum` is a running double-precision sum in time order and `mean` that sum
         *       divided by `count`. Both stores (SQLite, InfluxDB) return identical numbers.
         *
         *     One `sourceId` answers an object; two or more (comma-separated or repeated, up to 20)
         *     answer an array with one such object per source, in the order named. Any unknown
         *     source (or one of another workspace) answers `404`. Unknown query parameters, and
         *     `interval` with `raw` or `limit`/`order` with an aggregation, are a `400`.
         */
        get: operations["queryLiveData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Semantic search
         * @description The nodes whose meaning is closest to `query`, best first, by cosine similarity of
         *     their embedded text (entity type, name and string properties) to the query's. Every
         *     hit is read back from the graph, so a deleted node is never returned. Indexing is
         *     asynchronous: a change shows up once the indexer has processed it (see
         *     `GET /api/rag/index/status`). Needs `read:nodes`. See `docs/search.md`.
         */
        post: operations["semanticSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/hybrid-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hybrid vector and graph search
         * @description The `topK` nodes nearest to `query` seed a breadth-first traversal of `depth` hops
         *     (both directions, only `relationshipTypes` when given, at most `meta.maxNodes` nodes).
         *     Every node reached (of `entityType`, when given) is returned, best first by `fusion`
         *     of its similarity to the query and its distance to the seeds, with its
         *     `vectorScore`, `graphScore`, `hops` and the shortest `path` from its seed.
         *     `subgraph` is the touched subgraph: every node reached and every edge among them.
         *     Needs `read:nodes` and `read:edges`. Formulas in `docs/search.md`.
         */
        post: operations["hybridSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rag/index/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of the search index
         * @description How far the workspace's search index is: `ready` (every change indexed), `indexing`
         *     (changes waiting, `pending` of them) or `degraded` (the last attempt failed, see
         *     `lastError`; the indexer retries with backoff and catches up on its own). Answers `200`
         *     also while the vector store is down (then `indexed` is null). Needs `read:nodes`.
         */
        get: operations["getSearchIndexStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connectors
         * @description The workspace's connectors, oldest first. Secrets are never listed.
         */
        get: operations["listConnectors"];
        put?: never;
        /**
         * Create a webhook connector
         * @description Creates a connector of type `Webhook` in the workspace named by `x-workspace-id`. The
         *     answer carries its `receptionUrl` (where senders post events) and its `secret`, shown
         *     only here and on rotation: store it at once. The secret is `whsec_` followed by the
         *     base64 of 32 random bytes; `docs/webhooks.md` gives the signing recipe. The connector
         *     also becomes a node of entity type `WebhookConnector` (`nodeId`, the connector's id),
         *     which every event it receives is linked to. The `Location` header gives its URL.
         */
        post: operations["createConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        /**
         * Get a connector
         * @description One connector of the workspace, without its secret. A connector of another workspace is answered as missing (`404`).
         */
        get: operations["getConnector"];
        put?: never;
        post?: never;
        /**
         * Delete a connector
         * @description Deletes the connector and its event history. Its reception URL answers `404` from now on.
         *     The nodes it created (its own node and one per event) stay in the ontology: they are the
         *     workspace's data; delete them with `DELETE_NODE` if they are not wanted.
         */
        delete: operations["deleteConnector"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a connector's secret
         * @description Issues a new secret, returned in `data.secret` (shown only here). The previous secret
         *     keeps verifying requests until `previousSecretExpiresAt`: by default 24 hours (the
         *     operator's `WEBHOOK_SECRET_GRACE_SECONDS`), or `gracePeriodSeconds` from the body; `0`
         *     revokes it at once (e.g. after a leak). Only the secret just replaced is kept, so a
         *     second rotation ends the grace period of the first. The body is optional.
         */
        post: operations["rotateConnectorSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        /**
         * List a connector's events
         * @description Every request the connector received, newest first, with its status: `received` (being
         *     ingested), `processed` (it became node `nodeId`), `failed` (`failureReason` says why;
         *     replay it, or let the sender retry), `duplicate` (a replay of event `duplicateOf`,
         *     not ingested again) or `rejected` (refused with `401` or `400`; `failureReason` names
         *     the failed check; recorded without its payload, at most
         *     `WEBHOOK_REJECTED_RECORDS_PER_MINUTE` per minute). Requests refused before their
         *     signature could be checked (`404`, `413`, `415`, `429`) are not recorded. Events are
         *     kept for `WEBHOOK_EVENT_RETENTION_DAYS` (30 by default). Unknown query parameters are a
         *     `400`.
         */
        get: operations["listConnectorEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
                /**
                 * @description The event's id (`evt_...`), as reception answered it and the event list shows it.
                 * @example evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c
                 */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        /**
         * Get one event with its payload
         * @description One event of the connector, with the JSON object it carried (`payload`; `null` for
         *     rejected and duplicate records, which are stored without it). This is the place to read
         *     a payload too big for its node (over 64 KB as a property, flagged `payloadTooLarge`).
         */
        get: operations["getConnectorEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/events/{eventId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
                /**
                 * @description The event's id (`evt_...`), as reception answered it and the event list shows it.
                 * @example evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c
                 */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a failed event
         * @description Runs the ingestion of a `failed` event again, from its stored payload, within the same
         *     processing bound as reception. On success the event is `processed` (with its `nodeId`)
         *     and is returned. If it fails again it stays `failed` with the new reason, `attempts` is
         *     one higher, and the answer is the same error reception gives (`503` past the bound,
         *     `500` otherwise). Replaying never creates a second node for one delivery. Takes no body.
         */
        post: operations["replayConnectorEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The connector's `endpointId` (`ep_...`), the last segment of its `receptionUrl`.
                 * @example ep_Kt2k9e873OV_Elrdgmt4FLrzcbUGipvT
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a signed event
         * @description The reception URL of a connector. Authenticated by an HMAC-SHA256 signature of the raw
         *     body, not by a Bearer token, and global (no `x-workspace-id`: the endpoint names the
         *     connector and so the workspace). Two signing conventions are accepted:
         *
         *     - `X-Webhook-Timestamp: <Unix seconds>` and
         *       `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret, message)>`, where the key is the
         *       connector secret exactly as shown (`whsec_...`) and the message is
         *       `<X-Webhook-Id>.<timestamp>.<raw body>` (the id signed too) or
         *       `<timestamp>.<raw body>`; `X-Webhook-Id` names the event and is optional;
         *     - the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and
         *       `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<raw body>")>`,
         *       where the key is the base64 after `whsec_`, decoded (what the specification's
         *       libraries do with a `whsec_` secret).
         *
         *     The body must be a JSON object sent as `Content-Type: application/json`, at most
         *     1,048,576 bytes. Checks, in order: unknown endpoint `404`; media type `415`; the
         *     workspace's concurrent deliveries `429`; size `413`; signature, then timestamp within
         *     300 s of the service's clock `401 INVALID_SIGNATURE` (`details.check` names the failed
         *     check); body `400`. An event id seen before in a `received` or `processed` event is a
         *     replay: `200` with status `duplicate`, not ingested again. When the signature does not
         *     cover the id (`X-Webhook-Signature` over `<timestamp>.<raw body>`), the same timestamp
         *     and signature seen before is a replay too, whatever id is sent; when it covers the id,
         *     the id alone identifies the event. A `failed` event does not count, so a retry after a
         *     failure is accepted. An accepted event is ingested before the answer: it becomes a node (the
         *     connector's `entityType`) linked to the connector's node by a `RECEIVED_VIA` edge, and
         *     the answer is `202` with status `processed`. Ingestion is bounded (30 s by default); past
         *     the bound the event is `failed` and the answer is `503`. See `docs/webhooks.md`.
         */
        post: operations["receiveWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata (RFC 8414)
         * @description Everything an OAuth client library needs to configure itself: the endpoints, supported
         *     grants, PKCE methods and scopes. The issuer is `PUBLIC_URL` when the operator set it,
         *     else the scheme and host the request was made to. Not an envelope.
         */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start the authorization code flow (browser)
         * @description The browser is sent here by the application. Every parameter is checked first:
         *
         *     - an unknown `client_id`, or a `redirect_uri` that is not byte for byte the registered
         *       one (a trailing slash, an extra query, another case or host all differ), is answered
         *       with an HTML error page (`400`) and never redirected;
         *     - any other problem is redirected (`302`) to the redirect URI with `error`
         *       (`invalid_request`, `unsupported_response_type` or `invalid_scope`),
         *       `error_description`, `state` and `iss` (RFC 9207). `code_challenge_method` must be
         *       `S256`; `plain` or a missing challenge is `invalid_request`.
         *
         *     A valid request gets the sign-in page (`200`, HTML) and a browser-binding cookie
         *     (`wos_oauth_browser`, HttpOnly, SameSite=Lax) that the following forms need. After the
         *     sign-in and consent pages the browser is redirected to the redirect URI with `code`,
         *     `state` and `iss`; a denial gives `error=access_denied`.
         */
        get: operations["authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorize/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in (browser form)
         * @description Posted by the sign-in page. Needs the browser-binding cookie set by `/authorize` and the
         *     form's CSRF token. A correct email and password redirect (`303`) to the consent page; a
         *     wrong one shows the page again (`401`). After 10 failures for one email within 15
         *     minutes, that email is locked for the rest of the window (`429`).
         */
        post: operations["authorizeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authorize/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consent page (browser)
         * @description What the application asks for, the workspaces it will act in with the scopes it will
         *     hold there (the requested scopes intersected with each membership's), and Allow / Deny.
         *     Only the browser that signed in (cookie) can see it.
         */
        get: operations["authorizeConsentPage"];
        put?: never;
        /**
         * Allow or deny (browser form)
         * @description Posted by the consent page; each request is decided once. `allow` redirects (`303`) to
         *     the application's redirect URI with `code` (single use, valid 60 s), `state` and `iss`;
         *     `deny` (or a user who holds none of the requested scopes anywhere) with
         *     `error=access_denied`.
         */
        post: operations["authorizeDecide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a code or a refresh token for tokens
         * @description `authorization_code` (with `code_verifier`, PKCE) or `refresh_token`. The body may be
         *     form-encoded (RFC 6749, what client libraries send) or a JSON object of strings (as in
         *     the specification). Public clients: no secret, `client_id` in the body.
         *
         *     - A code is single use and valid 60 s. Presenting it again is `invalid_grant` and
         *       revokes every token issued from it. A wrong or missing `code_verifier` is
         *       `invalid_grant` and uses the code up.
         *     - The access token is valid 3600 s, the refresh token 30 days. Each refresh returns a
         *       new refresh token and retires the old one; presenting a retired refresh token again
         *       is `invalid_grant` and revokes every token of that authorization. A refresh may
         *       narrow the scopes (`scope`), never widen them (`invalid_scope`).
         *
         *     Responses and errors follow RFC 6749 sections 5.1 and 5.2 (no envelope), with
         *     `Cache-Control: no-store`.
         */
        post: operations["token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a token at sign-out (RFC 7009)
         * @description Form-encoded or JSON. Revoking a refresh token revokes every token of its authorization
         *     (the access tokens issued with it included); revoking an access token revokes that
         *     token. `token_type_hint` is accepted and not needed. An unknown, expired or already
         *     revoked token is still answered `200`. A token issued to another client is refused
         *     (`invalid_client`) and stays valid.
         */
        post: operations["revokeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List client applications
         * @description The workspace's registered clients, oldest first.
         */
        get: operations["listOAuthClients"];
        put?: never;
        /**
         * Register a client application
         * @description Registers a public client owned by the workspace named by `x-workspace-id`. The redirect
         *     URI must be `https`, `http` on `localhost`/`127.0.0.1`/`[::1]`, or a reverse-domain
         *     private-use scheme (`com.example.app:/callback`, RFC 8252), without a fragment; it is
         *     stored exactly as given, and authorization requests must repeat it byte for byte.
         *     `scopes` bounds what the application may ask for; each user grants at most what their
         *     memberships hold. Users of any workspace may authorize the application.
         */
        post: operations["createOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oauth/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client's `client_id`.
                 * @example cli_Yc4mX0nq7hV2pL9sTz1B
                 */
                clientId: components["parameters"]["OAuthClientId"];
            };
            cookie?: never;
        };
        /**
         * Get a client application
         * @description One client of the workspace; another workspace's client is answered as missing (`404`).
         */
        get: operations["getOAuthClient"];
        put?: never;
        post?: never;
        /**
         * Delete a client application
         * @description Deletes the registration. Its pending authorizations, codes, access tokens and refresh
         *     tokens stop working at once (`401` on the REST API, `invalid_grant` at `/token`).
         */
        delete: operations["deleteOAuthClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/graphql": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * GraphQL over GET, or the GraphQL explorer
         * @description With a `query` parameter (and optional `variables`, `operationName`): a GraphQL query
         *     over GET (queries only: a mutation is refused with 405). Without one, a browser
         *     (preferring `text/html`) gets the explorer page, GraphiQL served by the service
         *     itself; the page needs no credential, the requests it sends do.
         */
        get: operations["graphqlGet"];
        put?: never;
        /**
         * Run a GraphQL query or mutation
         * @description A GraphQL request `{ query, variables?, operationName? }` (one operation; batching is
         *     off). Authentication, `x-workspace-id`, the workspace check and rate limiting are those
         *     of the REST routes and answer in the error envelope before GraphQL runs. Field errors
         *     (a missing scope, `NOT_FOUND`, `VERSION_CONFLICT`, ...) come back with status 200 in
         *     `errors`, with the REST error code in `extensions.code`. With `GRAPHQL_ENABLED=false`
         *     the route does not exist (404). See `docs/graphql.md`.
         */
        post: operations["graphqlPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the change feed
         * @description The workspace's change events after the cursor `after`, in commit order (`seq`): one
         *     per node or edge created, updated or deleted (UNDO and REDO included), per ontology
         *     type or settings change, per webhook event processed, per import finished and per
         *     live-data source created. Without `after`, from the oldest event the retention keeps.
         *     `meta.nextCursor` is where the next read continues, also when `types` or
         *     `entityType` left events out; `meta.hasMore` says whether more committed events
         *     follow. Node and edge lists give, in `meta.eventCursor`, the cursor their page was
         *     read at: follow the feed from there and nothing is missed or seen twice.
         *     Needs `read:events`, and the read scope of each event type (`read:nodes` for node,
         *     entity type, ontology and import events; `read:edges` for edge and relationship
         *     type events; `read:connectors`, `read:livedata`): types the scopes do not cover are
         *     left out, or a `403` when named in `types`. A cursor older than the retention
         *     (`EVENTS_RETENTION_DAYS`, 30 by default) is a `410 CURSOR_EXPIRED` naming the
         *     earliest cursor that can still be followed. See `docs/events.md`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the change feed (Server-Sent Events)
         * @description The change feed as Server-Sent Events: the events after `after` (or after the
         *     `Last-Event-ID` header an EventSource sends when it reconnects, which wins), then each
         *     new event as it commits. Each event is `id: <seq>`, `event: <type>` and `data:` the
         *     event as `GET /api/events` gives it. A bare `id:` line moves the client's
         *     Last-Event-ID past events its filter left out. A comment line is sent every
         *     `EVENTS_STREAM_HEARTBEAT_MS` (15 s) while idle. A client that reads nothing for
         *     `EVENTS_STREAM_STALL_MS` (30 s) is sent `event: disconnect` with its cursor and
         *     disconnected, and so is every client when the server shuts down: reconnect with
         *     `Last-Event-ID` (EventSource does) and nothing is missed or repeated. Scopes,
         *     filters and errors as `GET /api/events`; errors come in the envelope, before the
         *     stream starts.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description The workspace's subscriptions, oldest first. Secrets are never listed.
         */
        get: operations["listWebhookSubscriptions"];
        put?: never;
        /**
         * Subscribe a URL to the change feed
         * @description Creates an outbound webhook subscription: the workspace's change events (those of
         *     `eventTypes` about records of `entityTypes`; all when empty) are POSTed to `url`
         *     in commit order, one at a time, signed as Standard Webhooks (`webhook-id`,
         *     `webhook-timestamp`, `webhook-signature`) with the subscription's own `secret`,
         *     shown only here and on rotation. It is sent the events committed from now on, or
         *     those after `after` (a cursor the retention still holds). What it is sent is bounded
         *     by the creator's read scopes. `url` must be http or https without credentials, and
         *     may not name a private, loopback, link-local or reserved address (the operator may
         *     allow ranges with `EVENT_WEBHOOK_ALLOWED_CIDRS`); names are checked again on every
         *     delivery, at the address actually dialled. At most 100 per workspace.
         */
        post: operations["createWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        /**
         * Get a webhook subscription
         * @description One subscription: its filters, whether it is enabled (and why not), its cursor, and
         *     while deliveries fail, `failure` (since when, attempts, the next attempt, the last
         *     problem).
         */
        get: operations["getWebhookSubscription"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Deletes the subscription and its delivery log; nothing more is sent to it.
         */
        delete: operations["deleteWebhookSubscription"];
        options?: never;
        head?: never;
        /**
         * Change a webhook subscription
         * @description Changes the fields given. `enabled: true` resumes delivery at once from where it
         *     stopped (nothing is skipped) and clears the failure state; `enabled: false` pauses
         *     it. New filters or URL take the changer's read scopes.
         */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/api/webhook-subscriptions/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a subscription's secret
         * @description A new signing secret, shown only in this answer. For `gracePeriodSeconds`
         *     (`WEBHOOK_SECRET_GRACE_SECONDS`, a day, by default; at most 7 days; 0 ends it at
         *     once) deliveries carry two signatures, one per secret, so the receiver can switch at
         *     its own pace.
         */
        post: operations["rotateWebhookSubscriptionSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions/{id}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a ping
         * @description Sends a `ping` event to the subscription's URL now, signed as every delivery is,
         *     whether the subscription is enabled or not, and answers with the attempt (also kept
         *     in the delivery log). A failed ping changes nothing else.
         */
        post: operations["pingWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one event again
         * @description Sends the event `seq` (still in the log, and one the subscription's scopes may read)
         *     to the subscription's URL now, outside its order, and answers with the attempt. The
         *     subscription's own progress is not changed.
         */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay events from a cursor
         * @description Moves the subscription back to the cursor `after`: every event after it is sent
         *     again, in order, then the new ones. `after` must still be held by the retention
         *     (`410` otherwise) and may not be ahead of the subscription's cursor (`400`).
         */
        post: operations["replayWebhookEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        /**
         * The delivery log
         * @description The subscription's delivery attempts, newest first: deliveries, redeliveries and
         *     pings, each with its outcome, the receiver's status, how long it took and the start
         *     of the answer. Kept as long as the events (`EVENTS_RETENTION_DAYS`). Page with
         *     `before`, the `meta.nextBefore` of the previous page.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A GraphQL-over-HTTP request (one operation). */
        GraphQLRequest: {
            query: string;
            variables?: Record<string, never> | null;
            operationName?: string | null;
            extensions?: Record<string, never> | null;
        };
        /** @description A GraphQL response (GraphQL over HTTP); not the REST envelope. */
        GraphQLResponse: {
            data?: Record<string, never> | null;
            errors?: components["schemas"]["GraphQLError"][];
            extensions?: Record<string, never>;
        };
        GraphQLError: {
            message: string;
            locations?: {
                line: number;
                column: number;
            }[];
            path?: (string | number)[];
            /**
             * @description `requestId` (also in the `X-Request-Id` header) is on every error of a request
             *     that reached GraphQL parsing. `code`: a REST error code (`NOT_FOUND`, `VERSION_CONFLICT`, `INSUFFICIENT_SCOPE`,
             *     `VALIDATION_ERROR`, ...) or a GraphQL request code (`GRAPHQL_PARSE_FAILED`,
             *     `GRAPHQL_VALIDATION_FAILED`, `BAD_USER_INPUT`, `BAD_REQUEST`, `QUERY_TOO_DEEP`,
             *     `QUERY_TOO_COMPLEX`); `details` as in the REST error envelope. `QUERY_TOO_DEEP`
             *     gives `maxDepth` and `depth`; `QUERY_TOO_COMPLEX` gives `maxComplexity`, and
             *     `complexity` or, for a root field asked too often, `field`, `max` and `count`.
             */
            extensions: {
                code: string;
                requestId?: components["schemas"]["RequestId"];
                details?: Record<string, never>;
                maxDepth?: number;
                depth?: number;
                maxComplexity?: number;
                complexity?: number;
                field?: string;
                max?: number;
                count?: number;
            };
        };
        /**
         * @description Identifier of the request, `req_` followed by 20 or more URL-safe characters.
         * @example req_761ca16e3b2cafea5d90a9b36fc49cbb
         */
        RequestId: string;
        /**
         * Format: date-time
         * @description An ISO-8601 date-time in UTC, e.g. `2026-01-15T12:00:00.000Z`.
         */
        Timestamp: string;
        /**
         * @description A permission a credential holds in a workspace. `admin` covers API keys, OAuth clients
         *     and workspace settings, and does not imply the others.
         * @enum {string}
         */
        Scope: "read:nodes" | "write:nodes" | "read:edges" | "write:edges" | "read:livedata" | "write:livedata" | "read:connectors" | "write:connectors" | "write:ontology" | "read:events" | "write:event-subscriptions" | "admin";
        /**
         * @description Stable, machine-readable error code. The table in the introduction gives the status of each.
         * @enum {string}
         */
        ErrorCode: "VALIDATION_ERROR" | "INVALID_JSON" | "BAD_REQUEST" | "INVALID_CURSOR" | "CURSOR_EXPIRED" | "WORKSPACE_REQUIRED" | "UNAUTHENTICATED" | "INVALID_SIGNATURE" | "FORBIDDEN" | "INSUFFICIENT_SCOPE" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "REQUEST_TIMEOUT" | "VERSION_CONFLICT" | "CONFLICT" | "NOTHING_TO_UNDO" | "NOTHING_TO_REDO" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "CYPHER_SYNTAX_ERROR" | "CYPHER_SEMANTIC_ERROR" | "CYPHER_UNSUPPORTED" | "CYPHER_LIMIT_EXCEEDED" | "HEADERS_TOO_LARGE" | "SERVICE_UNAVAILABLE" | "INTERNAL_ERROR";
        /** @description A position in a workspace's change feed, the `seq` of an event as decimal text. */
        EventCursor: string;
        /** @enum {string} */
        ChangeEventType: "node.created" | "node.updated" | "node.deleted" | "edge.created" | "edge.deleted" | "entityType.changed" | "entityType.deleted" | "relationshipType.changed" | "relationshipType.deleted" | "ontology.settingsChanged" | "connector.eventProcessed" | "import.completed" | "import.failed" | "liveDataSource.created";
        /** @description One committed change of a workspace (docs/events.md). */
        ChangeEvent: {
            /** @description The event's id (`evt_...`); the `webhook-id` of its deliveries. */
            id: string;
            /** @description Its place in the workspace's log, in commit order; as text, the cursor after it. */
            seq: number;
            type: components["schemas"]["ChangeEventType"];
            occurredAt: components["schemas"]["Timestamp"];
            /** Format: uuid */
            workspaceId: string;
            actor: {
                /** @enum {unknown} */
                kind: "apiKey" | "user" | "connector" | "system";
                id: string | null;
            };
            /** @description What made the change (only the fields that apply). */
            cause: {
                commandId?: string;
                batchId?: string;
                /** @description The command or batch an UNDO reverted. */
                undoOf?: string;
                /** @description The command or batch a REDO re-applied. */
                redoOf?: string;
                importId?: string;
                connectorEventId?: string;
            };
            subject: {
                id: string;
                type: string | null;
                /** @description The entity type before an update that changed it. */
                previousType?: string;
            };
            data: {
                /** @description The record before the change; null when it did not exist. */
                before: unknown;
                /** @description The record after the change; null when it no longer exists. */
                after: unknown;
                /** @description For updates, the fields that differ (properties as `properties.<key>`). */
                changedKeys?: string[];
            };
        };
        EventPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ChangeEvent"][];
            meta: {
                limit: number;
                nextCursor: components["schemas"]["EventCursor"];
                hasMore: boolean;
            };
            requestId: components["schemas"]["RequestId"];
        };
        /** @description An outbound webhook subscription (never its secret). */
        EventSubscription: {
            id: string;
            url: string;
            description: string | null;
            /** @description The event types sent (all the subscription's scopes may read when empty). */
            eventTypes: components["schemas"]["ChangeEventType"][];
            /** @description Only events about records of these types (all when empty). */
            entityTypes: string[];
            enabled: boolean;
            /** @description Why it is disabled (by a user, after failing too long, or by a `410` answer). */
            disabledReason: string | null;
            cursor: components["schemas"]["EventCursor"];
            failure: {
                since: components["schemas"]["Timestamp"];
                attempts: number;
                nextAttemptAt: string | null;
                lastError: string | null;
            } | null;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description A subscription together with its signing secret, shown only at creation and rotation. */
        EventSubscriptionWithSecret: {
            id: components["schemas"]["EventSubscription"]["id"];
            url: components["schemas"]["EventSubscription"]["url"];
            description: components["schemas"]["EventSubscription"]["description"];
            eventTypes: components["schemas"]["EventSubscription"]["eventTypes"];
            entityTypes: components["schemas"]["EventSubscription"]["entityTypes"];
            enabled: components["schemas"]["EventSubscription"]["enabled"];
            disabledReason: components["schemas"]["EventSubscription"]["disabledReason"];
            cursor: components["schemas"]["EventSubscription"]["cursor"];
            failure: components["schemas"]["EventSubscription"]["failure"];
            createdAt: components["schemas"]["EventSubscription"]["createdAt"];
            updatedAt: components["schemas"]["EventSubscription"]["updatedAt"];
            /** @description The signing secret (`whsec_...`), shown only at creation and rotation. */
            secret: string;
        };
        EventSubscriptionCreateRequest: {
            url: string;
            description?: string | null;
            eventTypes?: components["schemas"]["ChangeEventType"][];
            entityTypes?: string[];
            enabled?: boolean;
            after?: components["schemas"]["EventCursor"];
        };
        EventSubscriptionUpdateRequest: {
            url?: string;
            description?: string | null;
            eventTypes?: components["schemas"]["ChangeEventType"][];
            entityTypes?: string[];
            enabled?: boolean;
        };
        DeliveryAttempt: {
            id: string;
            eventId: string;
            eventSeq: number | null;
            eventType: string;
            /** @enum {unknown} */
            trigger: "delivery" | "redelivery" | "ping";
            attempt: number;
            attemptedAt: components["schemas"]["Timestamp"];
            /** @enum {unknown} */
            outcome: "succeeded" | "failed";
            responseStatus: number | null;
            durationMs: number;
            responseExcerpt: string | null;
            error: string | null;
        };
        DeliveryPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["DeliveryAttempt"][];
            meta: {
                limit: number;
                nextBefore: string | null;
            };
            requestId: components["schemas"]["RequestId"];
        };
        /** @description Success envelope of a single resource or action result. */
        Envelope: {
            /** @constant */
            success: true;
            /** @description The payload of the operation. */
            data: unknown;
            requestId: components["schemas"]["RequestId"];
        };
        /** @description Success envelope of a list: one page of items in `data`, paging in `meta`. */
        ListEnvelope: {
            /** @constant */
            success: true;
            /** @description The items of this page. */
            data: unknown[];
            meta: components["schemas"]["PageMeta"];
            requestId: components["schemas"]["RequestId"];
        };
        /** @description Success envelope of a node or edge list: one page in `data`, paging in `meta`. */
        GraphListEnvelope: {
            /** @constant */
            success: true;
            /** @description The items of this page. */
            data: unknown[];
            meta: components["schemas"]["GraphPageMeta"];
            requestId: components["schemas"]["RequestId"];
        };
        /** @description Paging information of a node or edge list. */
        GraphPageMeta: {
            /** @description Number of items matching the filter, over all pages; null with `count=false`. */
            total: number | null;
            /** @description Page size used (the requested `limit`, clamped to 100). */
            limit: number;
            /** @description Number of items skipped (0 with a cursor). */
            offset: number;
            /**
             * @description Pass as `cursor` (with the same filter and sort) for the next page; null on the
             *     last page and with `limit=0`.
             */
            nextCursor: string | null;
            /**
             * @description The change-feed cursor this page was read at: follow `GET /api/events?after=` from
             *     it and nothing since is missed or seen twice (docs/events.md, "Snapshot, then
             *     follow"). Absent when the change feed is off (`CHANGE_FEED_ENABLED=false`).
             */
            eventCursor?: components["schemas"]["EventCursor"];
        };
        /** @description Paging information of a list response. */
        PageMeta: {
            /** @description Number of items matching the request, over all pages. */
            total: number;
            /** @description Page size used (the requested `limit`, clamped to 100). */
            limit: number;
            /** @description Number of items skipped. */
            offset: number;
        };
        /** @description Envelope of every error response. */
        ErrorEnvelope: {
            /** @constant */
            success: false;
            error: components["schemas"]["ErrorBody"];
            requestId: components["schemas"]["RequestId"];
        };
        /** @description What went wrong. */
        ErrorBody: {
            code: components["schemas"]["ErrorCode"];
            /** @description Human-readable explanation, safe to show; its wording may change. */
            message: string;
            /** @description Structured information whose shape depends on `code` (see each response). */
            details?: Record<string, never>;
        };
        ValidationIssue: {
            /** @description Where the problem is: `body.<field>`, `query.<name>`, `params.<name>` or `headers.<name>`, dotted for nested fields (e.g. `body.scopes.0`). */
            path: string;
            /** @description What is wrong there. */
            message: string;
        };
        /** @description Every problem found in the request, not only the first. */
        ValidationErrorDetails: {
            issues: components["schemas"]["ValidationIssue"][];
        };
        HealthStatus: {
            /** @constant */
            status: "ok";
        };
        ReadinessStatus: {
            /** @constant */
            status: "ready";
            /**
             * @description Every store the service depends on, by name (e.g. `sqlite`), and `redis` when
             *     `REDIS_URL` is set. Only `redis` may be `down` in a `200`: the service falls back to
             *     per-instance limits and caches while it is (docs/operations.md).
             */
            checks: {
                [key: string]: "up" | "down";
            };
        };
        /** @description The authenticated caller. */
        Me: {
            /**
             * @description How the caller authenticated.
             * @enum {string}
             */
            kind: "api_key" | "oauth_token";
            /** @description The acting identity (the API key id, or the user id behind an OAuth token). Undo and redo history is kept per actor. */
            actorId: string;
            /** @description The credential itself (the API key id, or the access token id). */
            credentialId: string;
            /** @description A readable label (the key's name, or the user's email). */
            name: string;
            /**
             * Format: uuid
             * @description The workspace counted for rate limiting when a global route is called without `x-workspace-id`.
             */
            homeWorkspaceId: string | null;
            /** @description Every workspace the credential may act in, with the scopes it holds there. */
            workspaces: components["schemas"]["WorkspaceAccess"][];
        };
        WorkspaceAccess: {
            /** Format: uuid */
            id: string;
            scopes: components["schemas"]["Scope"][];
        };
        /** @description Request budgets of an enterprise workspace. */
        RateLimits: {
            perMinute: number;
            perDay: number;
        };
        /** @description A workspace, the unit of isolation, with the caller's scopes in it. */
        Workspace: {
            /**
             * Format: uuid
             * @description Send it as `x-workspace-id` to act in this workspace.
             */
            id: string;
            name: string;
            /**
             * @description Decides the rate limits: Starter 60/min and 10,000/day, Pro 300/min and 100,000/day, Enterprise custom.
             * @enum {string}
             */
            plan: "starter" | "pro" | "enterprise";
            /** @description The enterprise workspace's own limits; `null` for Starter and Pro, and for enterprise workspaces that use the operator's default. */
            limits: components["schemas"]["RateLimits"] | null;
            createdAt: components["schemas"]["Timestamp"];
            /** @description Scopes the calling credential holds in this workspace. */
            scopes: components["schemas"]["Scope"][];
        };
        /** @description An API key as listed. The secret is never part of it. */
        ApiKey: {
            /** @description The key's id (not its secret). */
            id: string;
            /** @description What the key is for. */
            name: string;
            /** @description The first characters of the secret, to recognise a key in listings and logs. */
            prefix: string;
            /**
             * Format: uuid
             * @description The one workspace the key may act in.
             */
            workspaceId: string;
            scopes: components["schemas"]["Scope"][];
            createdAt: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the key stops working; `null` if it never expires.
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description When the key was revoked; `null` while it is not.
             */
            revokedAt: string | null;
            /** @description Actor id of the creator (an API key id or a user id); `null` for keys made at bootstrap or with the CLI. */
            createdBy: string | null;
        };
        /** @description A newly created API key together with its secret. The secret is shown only in this response. */
        ApiKeyCreated: {
            id: components["schemas"]["ApiKey"]["id"];
            name: components["schemas"]["ApiKey"]["name"];
            prefix: components["schemas"]["ApiKey"]["prefix"];
            workspaceId: components["schemas"]["ApiKey"]["workspaceId"];
            scopes: components["schemas"]["ApiKey"]["scopes"];
            createdAt: components["schemas"]["ApiKey"]["createdAt"];
            expiresAt: components["schemas"]["ApiKey"]["expiresAt"];
            revokedAt: components["schemas"]["ApiKey"]["revokedAt"];
            createdBy: components["schemas"]["ApiKey"]["createdBy"];
            /** @description The credential to send as `Authorization: Bearer <secret>`. Store it now; it cannot be shown again. */
            secret: string;
        };
        ApiKeyCreateRequest: {
            /** @description What the key is for. Surrounding whitespace is trimmed; it must not be blank. */
            name: string;
            /** @description Scopes the key holds in the workspace; each must be one the creator holds there. Duplicates are dropped. */
            scopes: components["schemas"]["Scope"][];
            /**
             * Format: date-time
             * @description When the key stops working, with a time zone offset (e.g. `2027-01-01T00:00:00Z`); it must be in the future. Omitted or `null`, the key never expires.
             */
            expiresAt?: string | null;
        };
        RateLimitedDetails: {
            /**
             * @description The window whose budget is used up.
             * @enum {string}
             */
            window: "minute" | "day";
            /** @description Seconds until that window resets (also sent as `Retry-After`). */
            retryAfterSeconds: number;
        };
        /**
         * @description An entity type (nodes) or relationship type (edges): a letter, then up to 63 letters,
         *     digits or `_`. Types become Neo4j labels and relationship types, so they must be
         *     identifier-safe.
         * @example Sensor
         */
        TypeName: string;
        /**
         * @description A node or edge id: a UUID generated by the service, or an id the client chose when creating
         *     the record (1 to 128 letters, digits and `. _ : -`, not starting with a punctuation
         *     character). Ids are unique per workspace; the same id may exist in two workspaces.
         * @example pump-1
         */
        RecordId: string;
        /**
         * @description A readable name. Surrounding whitespace is trimmed on write; it must not be blank.
         * @example Boiler temperature
         */
        NodeName: string;
        /** @description Starts at 1 and increases by one on every change, including changes made by UNDO and REDO. */
        Version: number;
        /**
         * @description Optimistic concurrency: apply the command only if the record is at this version, else
         *     answer `409 VERSION_CONFLICT` with `details.currentVersion` and change nothing. The check
         *     and the write are one atomic step.
         */
        ExpectedVersion: number;
        /**
         * @description The value type of a declared property. `datetime` is an RFC 3339 string with a zone
         *     (`2026-01-31T12:00:00Z`, `2026-01-31T14:00:00+02:00`); `date` is `YYYY-MM-DD`;
         *     `integer` a whole number; `json` any value the property model stores (a string,
         *     number, boolean or array of one of those), declared but not checked.
         * @enum {string}
         */
        PropertyType: "string" | "integer" | "number" | "boolean" | "datetime" | "date" | "json" | "string[]" | "number[]";
        /**
         * @description One declared property. Constraints apply only to the types named: `enum` to strings,
         *     numbers, dates and arrays of strings or numbers (each item); `min`/`max` to numbers,
         *     dates and `number[]` items (dates as dates, date-times as date-times); `minLength`/
         *     `maxLength` to strings (characters) and arrays (items); `pattern` to strings and
         *     `string[]` items; `unique` to scalar types. A constraint on another type is a `400`.
         */
        PropertyDefinition: {
            type: components["schemas"]["PropertyType"];
            /** @description The property must be present (default false). */
            required?: boolean;
            /** @description The allowed values, each of the property's (item) type, no duplicates. */
            enum?: (string | number)[];
            /** @description Smallest allowed value (a number, or a date / date-time for those types). */
            min?: number | string;
            /** @description Largest allowed value. */
            max?: number | string;
            minLength?: number;
            maxLength?: number;
            /**
             * @description A regular expression (JavaScript syntax, `u` flag) the whole string must match. Only
             *     safe patterns are accepted: no backreferences or lookaround, no repetition or
             *     alternation inside a repeated group, at most two variable-length repetitions; values
             *     over 1,024 characters are not matched (a violation).
             */
            pattern?: string;
            /** @description No two records of the type hold the same value (enforced under concurrency). */
            unique?: boolean;
            description?: string;
        };
        /** @description Declared properties by key (property key rules apply; at most 200). */
        PropertyDefinitions: {
            [key: string]: components["schemas"]["PropertyDefinition"];
        };
        /**
         * @description The body of `PUT /api/ontology/entity-types/{name}`.
         * @example {
         *       "description": "A centrifugal pump of the plant",
         *       "titleProperty": "serial",
         *       "properties": {
         *         "serial": {
         *           "type": "string",
         *           "required": true,
         *           "unique": true,
         *           "pattern": "P-[0-9]{4}"
         *         },
         *         "rpm": {
         *           "type": "integer",
         *           "min": 0,
         *           "max": 6000
         *         },
         *         "status": {
         *           "type": "string",
         *           "enum": [
         *             "running",
         *             "stopped",
         *             "maintenance"
         *           ]
         *         },
         *         "commissioned": {
         *           "type": "date"
         *         }
         *       },
         *       "additionalProperties": false
         *     }
         */
        EntityTypeDefinition: {
            description?: string;
            /** @description A declared property shown as the node's title; the node's `name` when absent. */
            titleProperty?: string;
            properties: components["schemas"]["PropertyDefinitions"];
            /** @description Required, no default: `false` refuses a property the type does not declare, `true` accepts it unchecked. */
            additionalProperties: boolean;
        };
        /** @description `"any"`, or the entity types allowed at this end (1 to 100, each defined). */
        EndTypes: "any" | components["schemas"]["TypeName"][];
        /**
         * @description `one` at an end: a node has at most one edge of the type at that end (`source: one`:
         *     at most one outgoing edge of the type per node). Default `many` at both ends.
         */
        Cardinality: {
            /** @enum {string} */
            source: "one" | "many";
            /** @enum {string} */
            target: "one" | "many";
        };
        /**
         * @description The body of `PUT /api/ontology/relationship-types/{name}`.
         * @example {
         *       "description": "A pump feeds a tank",
         *       "source": [
         *         "Pump"
         *       ],
         *       "target": [
         *         "Tank"
         *       ],
         *       "cardinality": {
         *         "source": "one",
         *         "target": "many"
         *       },
         *       "properties": {
         *         "flow": {
         *           "type": "number",
         *           "min": 0,
         *           "description": "m3/h"
         *         }
         *       },
         *       "additionalProperties": false
         *     }
         */
        RelationshipTypeDefinition: {
            description?: string;
            source: components["schemas"]["EndTypes"];
            target: components["schemas"]["EndTypes"];
            cardinality?: components["schemas"]["Cardinality"];
            properties: components["schemas"]["PropertyDefinitions"];
            /** @description Required, no default: `false` refuses a property the type does not declare, `true` accepts it unchecked. */
            additionalProperties: boolean;
        };
        /** @description An entity type as stored. */
        EntityType: {
            name: components["schemas"]["TypeName"];
            description?: string;
            titleProperty?: string;
            properties: components["schemas"]["PropertyDefinitions"];
            additionalProperties: boolean;
            version: components["schemas"]["Version"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description A relationship type as stored (`cardinality` always present). */
        RelationshipType: {
            name: components["schemas"]["TypeName"];
            description?: string;
            source: components["schemas"]["EndTypes"];
            target: components["schemas"]["EndTypes"];
            cardinality: components["schemas"]["Cardinality"];
            properties: components["schemas"]["PropertyDefinitions"];
            additionalProperties: boolean;
            version: components["schemas"]["Version"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        OntologySettings: {
            /** @description Only defined entity and relationship types may be written. */
            strictOntology: boolean;
            /** @description Increases with every change of the ontology (types or settings); 0 before the first. */
            revision: number;
            /**
             * Format: date-time
             * @description When the ontology last changed; null before the first change.
             */
            updatedAt: string | null;
        };
        OntologySettingsInput: {
            strictOntology: boolean;
        };
        /** @description A workspace's whole ontology. */
        Ontology: {
            settings: components["schemas"]["OntologySettings"];
            entityTypes: components["schemas"]["EntityType"][];
            relationshipTypes: components["schemas"]["RelationshipType"][];
        };
        DeletedType: {
            name: components["schemas"]["TypeName"];
            /** @constant */
            deleted: true;
        };
        /** @description A record that breaks a type, with every way it does (paths relative to the record). */
        RecordViolation: {
            /** @enum {string} */
            kind: "node" | "edge";
            id: string;
            issues: components["schemas"]["ValidationIssue"][];
        };
        /** @description Records already in the workspace that a change of the ontology would break. */
        ExistingViolations: {
            /** @description How many records break it. */
            violations: number;
            /** @description The first ten (by id), with their issues. */
            sample: components["schemas"]["RecordViolation"][];
        };
        /**
         * @description A record that conflicts with others under its type: a `unique` value another record
         *     holds, or an end with `one` cardinality that already has its edge. Paths name the
         *     field of the command (`payload.properties.serial`, `payload.sourceId`).
         */
        TypeConflictDetails: {
            issues: components["schemas"]["ValidationIssue"][];
        };
        /**
         * @description UNDO/REDO: the record it would bring back breaks the ontology as defined now (a type
         *     defined or changed since, a unique value or a `one` end taken since). Paths are relative
         *     to the record.
         */
        RestoreTypeConflictDetails: {
            /** @enum {string} */
            kind: "node" | "edge";
            id: string;
            issues: components["schemas"]["ValidationIssue"][];
        };
        /**
         * @description A property value, as the property-graph model (and Neo4j) stores it natively: a string, a
         *     finite number, a boolean, or an array whose items are all strings, all numbers or all
         *     booleans. Nested objects, `null`, `null` inside arrays and mixed arrays are rejected.
         */
        PropertyValue: (string | number | boolean) | string[] | number[] | boolean[];
        /**
         * @description A record's properties: keys are a letter or `_`, then up to 63 letters, digits or `_`;
         *     values are `PropertyValue`s. At most 64 KB as JSON.
         * @example {
         *       "unit": "C",
         *       "floor": 2,
         *       "active": true,
         *       "tags": [
         *         "heating",
         *         "basement"
         *       ]
         *     }
         */
        Properties: {
            [key: string]: components["schemas"]["PropertyValue"];
        };
        /**
         * @description A node's properties (`Properties`). The node's own field names (`id`, `workspaceId`,
         *     `version`, `createdAt`, `updatedAt`, `entityType`, `name`) are reserved.
         */
        NodeProperties: components["schemas"]["Properties"];
        /**
         * @description An edge's properties (`Properties`). The edge's own field names (`id`, `workspaceId`,
         *     `version`, `createdAt`, `updatedAt`, `entityType`, `name`, `type`, `sourceId`,
         *     `targetId`) are reserved.
         */
        EdgeProperties: components["schemas"]["Properties"];
        /**
         * @description Changes to a node's properties, merged into the current ones: a key with a value is set,
         *     a key with `null` is removed, keys not mentioned are kept. Keys and values follow
         *     `NodeProperties`; the merged result must stay within 64 KB.
         * @example {
         *       "rpm": 1450,
         *       "colour": null
         *     }
         */
        NodePropertiesPatch: {
            [key: string]: components["schemas"]["PropertyValue"] | null;
        };
        /** @description An entity of the ontology. */
        Node: {
            id: components["schemas"]["RecordId"];
            entityType: components["schemas"]["TypeName"];
            name: components["schemas"]["NodeName"];
            properties: components["schemas"]["NodeProperties"];
            version: components["schemas"]["Version"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description A relationship from `sourceId` to `targetId`, two nodes of the same workspace. */
        Edge: {
            id: components["schemas"]["RecordId"];
            type: components["schemas"]["TypeName"];
            sourceId: components["schemas"]["RecordId"];
            targetId: components["schemas"]["RecordId"];
            properties: components["schemas"]["EdgeProperties"];
            version: components["schemas"]["Version"];
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
        };
        /** @description Nodes and the edges among them. */
        Subgraph: {
            /** @description The start node and the nodes reached, closest first. */
            nodes: components["schemas"]["Node"][];
            /** @description The edges traversed. */
            edges: components["schemas"]["Edge"][];
        };
        /** @description How the neighbourhood was computed. */
        NeighborhoodMeta: {
            /** @description Hops followed. */
            depth: number;
            /**
             * @description Direction followed.
             * @enum {string}
             */
            direction: "out" | "in" | "both";
            /** @description Relationship types followed; empty when every type was. */
            types: components["schemas"]["TypeName"][];
            /** @description The most nodes a neighbourhood holds (500). */
            maxNodes: number;
            /** @description Nodes in `data.nodes`, the start node included. */
            nodeCount: number;
            /** @description Edges in `data.edges`. */
            edgeCount: number;
            /** @description True when `maxNodes` cut the neighbourhood short. */
            truncated: boolean;
        };
        /** @description Success envelope of a neighbourhood. */
        NeighborhoodEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Subgraph"];
            meta: components["schemas"]["NeighborhoodMeta"];
            requestId: components["schemas"]["RequestId"];
        };
        /** @description A read-only Cypher query and the values of its `$parameters`. */
        CypherRequest: {
            /** @description The query text, at most 10000 characters (docs/cypher.md, "Limits"). */
            query: string;
            /** @description Values of the query's `$name` parameters (any JSON values). */
            parameters?: {
                [key: string]: unknown;
            };
        };
        /** @description Success envelope of a Cypher query. */
        CypherEnvelope: {
            /** @constant */
            success: true;
            data: {
                /** @description The names of the RETURN items, in order. */
                columns: string[];
                /**
                 * @description One array per row, a value per column. A node is a node record, a relationship
                 *     an edge record, a path `{ nodes, relationships }`; dates and datetimes are
                 *     ISO-8601 strings; other values are JSON as they are.
                 */
                rows: unknown[][];
            };
            meta: {
                rowCount: number;
                /** @description True when the query found more rows than the row limit (`CYPHER_MAX_ROWS`). */
                truncated: boolean;
                /** @description Time from receiving the query to having its rows, in milliseconds. */
                elapsedMs: number;
            };
            requestId: components["schemas"]["RequestId"];
        };
        /**
         * @description Where the problem is (1-based `line` and `column` of the query text) and, by code:
         *     `construct` (CYPHER_UNSUPPORTED) names what is outside the subset; `limit` and `max`
         *     (CYPHER_LIMIT_EXCEEDED) name the limit and its value (`max` is 0 for `size`, a value
         *     or a row too large for the store).
         */
        CypherErrorDetails: {
            line?: number;
            column?: number;
            construct?: string;
            /** @enum {string} */
            limit?: "queryLength" | "nesting" | "clauses" | "patternNodes" | "patternRelationships" | "hops" | "shortestPathNodes" | "operators" | "size" | "resultRecords" | "resultBytes" | "timeMs";
            max?: number;
        };
        /**
         * @description The commands of `POST /api/commands/execute`.
         * @enum {string}
         */
        CommandType: "CREATE_NODE" | "UPDATE_NODE" | "DELETE_NODE" | "CREATE_EDGE" | "DELETE_EDGE" | "UNDO" | "REDO";
        /**
         * @description The commands that change records and can be undone.
         * @enum {string}
         */
        RecordCommandType: "CREATE_NODE" | "UPDATE_NODE" | "DELETE_NODE" | "CREATE_EDGE" | "DELETE_EDGE";
        /**
         * @description A command: `type` names it and `payload` carries its arguments. Unknown fields, in the
         *     body or the payload, are a `400`.
         */
        CommandRequest: components["schemas"]["CreateNodeCommand"] | components["schemas"]["UpdateNodeCommand"] | components["schemas"]["DeleteNodeCommand"] | components["schemas"]["CreateEdgeCommand"] | components["schemas"]["DeleteEdgeCommand"] | components["schemas"]["UndoCommand"] | components["schemas"]["RedoCommand"];
        /**
         * @description Creates a node at version 1. Answered with `201` and the node. Needs `write:nodes`.
         * @example {
         *       "type": "CREATE_NODE",
         *       "payload": {
         *         "entityType": "Pump",
         *         "name": "Feed pump",
         *         "properties": {
         *           "rpm": 1400
         *         },
         *         "id": "pump-1"
         *       }
         *     }
         */
        CreateNodeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "CREATE_NODE";
            payload: {
                entityType: components["schemas"]["TypeName"];
                name: components["schemas"]["NodeName"];
                /** @description The node's properties; omitted, none. At most 64 KB as JSON. */
                properties?: components["schemas"]["NodeProperties"];
                /** @description An id of the client's choosing; omitted, the service generates a UUID. An id already taken in the workspace is `409 CONFLICT`. */
                id?: components["schemas"]["RecordId"];
            };
        };
        /**
         * @description Changes a node's name, entity type and/or properties (merged: `null` removes a key) and
         *     raises its version by one. Answered with `200` and the updated node. Needs `write:nodes`.
         * @example {
         *       "type": "UPDATE_NODE",
         *       "payload": {
         *         "id": "pump-1",
         *         "properties": {
         *           "rpm": 1450,
         *           "colour": null
         *         },
         *         "expectedVersion": 1
         *       }
         *     }
         */
        UpdateNodeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "UPDATE_NODE";
            /** @description At least one of `name`, `entityType` and `properties` is needed. */
            payload: {
                id: components["schemas"]["RecordId"];
                name?: components["schemas"]["NodeName"];
                entityType?: components["schemas"]["TypeName"];
                properties?: components["schemas"]["NodePropertiesPatch"];
                expectedVersion?: components["schemas"]["ExpectedVersion"];
            };
        };
        /**
         * @description Deletes a node together with every edge at either end of it. Answered with `200`,
         *     the node's id and the ids of the deleted edges. `UNDO` restores them all. Needs
         *     `write:nodes`.
         * @example {
         *       "type": "DELETE_NODE",
         *       "payload": {
         *         "id": "pump-1",
         *         "expectedVersion": 2
         *       }
         *     }
         */
        DeleteNodeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "DELETE_NODE";
            payload: {
                id: components["schemas"]["RecordId"];
                expectedVersion?: components["schemas"]["ExpectedVersion"];
            };
        };
        /**
         * @description Creates an edge at version 1 between two nodes of the workspace. A missing end is a `404`
         *     naming it (`details.end`). Answered with `201` and the edge. Needs `write:edges`.
         * @example {
         *       "type": "CREATE_EDGE",
         *       "payload": {
         *         "type": "FEEDS",
         *         "sourceId": "pump-1",
         *         "targetId": "tank-1"
         *       }
         *     }
         */
        CreateEdgeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "CREATE_EDGE";
            payload: {
                type: components["schemas"]["TypeName"];
                sourceId: components["schemas"]["RecordId"];
                targetId: components["schemas"]["RecordId"];
                /** @description The edge's properties; omitted, none. At most 64 KB as JSON. */
                properties?: components["schemas"]["EdgeProperties"];
                /** @description An id of the client's choosing; omitted, the service generates a UUID. An id already taken in the workspace is `409 CONFLICT`. */
                id?: components["schemas"]["RecordId"];
            };
        };
        /**
         * @description Deletes an edge. Answered with `200` and `{ id, deleted }`. Needs `write:edges`.
         * @example {
         *       "type": "DELETE_EDGE",
         *       "payload": {
         *         "id": "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
         *       }
         *     }
         */
        DeleteEdgeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "DELETE_EDGE";
            payload: {
                id: components["schemas"]["RecordId"];
                expectedVersion?: components["schemas"]["ExpectedVersion"];
            };
        };
        /**
         * @description Reverts the caller's most recent command that is in effect in this workspace. Needs the
         *     scope of that command. Nothing to undo: `409 NOTHING_TO_UNDO`; a record changed by
         *     someone else since: `409 VERSION_CONFLICT`, and nothing changes.
         * @example {
         *       "type": "UNDO"
         *     }
         */
        UndoCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "UNDO";
            /** @description Empty, or omitted. */
            payload?: Record<string, never>;
        };
        /**
         * @description Re-applies the caller's most recently undone command in this workspace (any other
         *     command clears the redo stack). Needs the scope of that command. Nothing to redo:
         *     `409 NOTHING_TO_REDO`; a record changed by someone else since: `409 VERSION_CONFLICT`,
         *     and nothing changes.
         * @example {
         *       "type": "REDO"
         *     }
         */
        RedoCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "REDO";
            /** @description Empty, or omitted. */
            payload?: Record<string, never>;
        };
        /**
         * Format: uuid
         * @description Identifier of this command execution (UNDO and REDO get one too). A replayed response carries the original one.
         */
        CommandId: string;
        /** @description Result of `DELETE_NODE`. */
        NodeDeleted: {
            id: components["schemas"]["RecordId"];
            /** @constant */
            deleted: true;
            /** @description The edges that were deleted with the node (both directions). */
            deletedEdgeIds: components["schemas"]["RecordId"][];
        };
        /** @description Result of `DELETE_EDGE`. */
        EdgeDeleted: {
            id: components["schemas"]["RecordId"];
            /** @constant */
            deleted: true;
        };
        /** @description One record an undone or redone command touched, as it is now. */
        RecordChangeSummary: {
            /** @enum {string} */
            kind: "node" | "edge";
            id: components["schemas"]["RecordId"];
            /** @description The record's version now; `null` when it no longer exists. */
            version: number | null;
            /** @description Whether the record exists now. */
            exists: boolean;
        };
        /** @description The command that was undone or redone, and the records it touched. */
        CommandSummary: {
            /**
             * Format: uuid
             * @description The `commandId` the command was answered with when it ran.
             */
            commandId: string;
            /** @description The command's type, or `BATCH` for a whole batch of `POST /api/commands/batch`. */
            type: components["schemas"]["RecordCommandType"] | "BATCH";
            /** @description Every record the command (or every command of the batch) touched, in the order it first applied them. */
            changes: components["schemas"]["RecordChangeSummary"][];
        };
        /** @description Result of `UNDO`. */
        UndoResult: {
            undone: components["schemas"]["CommandSummary"];
        };
        /** @description Result of `REDO`. */
        RedoResult: {
            redone: components["schemas"]["CommandSummary"];
        };
        /**
         * @description The `result` of a command; which shape depends on `type`: the node (`CREATE_NODE`,
         *     `UPDATE_NODE`), the edge (`CREATE_EDGE`), `NodeDeleted`, `EdgeDeleted`, `UndoResult`
         *     or `RedoResult`. The shapes are mutually exclusive.
         */
        CommandResult: components["schemas"]["Node"] | components["schemas"]["Edge"] | components["schemas"]["NodeDeleted"] | components["schemas"]["EdgeDeleted"] | components["schemas"]["UndoResult"] | components["schemas"]["RedoResult"];
        /**
         * @description The `data` of a command's response. `result` is one of the `CommandResult` shapes, the
         *     one that belongs to `type` (see the table of `POST /api/commands/execute`).
         */
        CommandOutcome: {
            commandId: components["schemas"]["CommandId"];
            type: components["schemas"]["CommandType"];
            result: components["schemas"]["CommandResult"];
        } & (unknown & unknown & unknown & unknown & unknown & unknown);
        /** @description `data` of a `200` command response: any command but the two creates. */
        CommandOutcome200: components["schemas"]["CommandOutcome"] & {
            /** @enum {unknown} */
            type?: "UPDATE_NODE" | "DELETE_NODE" | "DELETE_EDGE" | "UNDO" | "REDO";
        };
        /** @description `data` of a `201` command response: `CREATE_NODE` or `CREATE_EDGE`. */
        CommandOutcome201: components["schemas"]["CommandOutcome"] & {
            /** @enum {unknown} */
            type?: "CREATE_NODE" | "CREATE_EDGE";
        };
        /** @description The body of `POST /api/commands/batch`. */
        BatchRequest: {
            /**
             * @description Record commands as `POST /api/commands/execute` takes them, applied in this order;
             *     where a payload field names an existing record, `{ "$ref": n }` may stand for the id
             *     of the result of the earlier command `n`.
             */
            commands: components["schemas"]["BatchCommand"][];
        };
        /**
         * @description One command of a batch: a record command as `POST /api/commands/execute` takes it,
         *     where the fields naming an existing record also take a `BatchRecordRef`.
         */
        BatchCommand: components["schemas"]["CreateNodeCommand"] | components["schemas"]["BatchUpdateNodeCommand"] | components["schemas"]["BatchDeleteNodeCommand"] | components["schemas"]["BatchCreateEdgeCommand"] | components["schemas"]["BatchDeleteEdgeCommand"];
        /**
         * @description `{ "$ref": n }`: the id of the result of the earlier command `n` of the same batch
         *     (0-based; also as a string of digits). Only where a payload field names an existing
         *     record.
         * @example {
         *       "$ref": 0
         *     }
         */
        BatchRecordRef: {
            $ref: number | string;
        };
        /** @description An existing record's id, or the result of an earlier command of the batch. */
        RecordIdOrBatchRef: components["schemas"]["RecordId"] | components["schemas"]["BatchRecordRef"];
        /** @description `UPDATE_NODE` in a batch: `id` may be a `BatchRecordRef`. */
        BatchUpdateNodeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "UPDATE_NODE";
            /** @description At least one of `name`, `entityType` and `properties` is needed. */
            payload: {
                id: components["schemas"]["RecordIdOrBatchRef"];
                name?: components["schemas"]["NodeName"];
                entityType?: components["schemas"]["TypeName"];
                properties?: components["schemas"]["NodePropertiesPatch"];
                expectedVersion?: components["schemas"]["ExpectedVersion"];
            };
        };
        /** @description `DELETE_NODE` in a batch: `id` may be a `BatchRecordRef`. */
        BatchDeleteNodeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "DELETE_NODE";
            payload: {
                id: components["schemas"]["RecordIdOrBatchRef"];
                expectedVersion?: components["schemas"]["ExpectedVersion"];
            };
        };
        /** @description `CREATE_EDGE` in a batch: `sourceId` and `targetId` may be `BatchRecordRef`s. */
        BatchCreateEdgeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "CREATE_EDGE";
            payload: {
                type: components["schemas"]["TypeName"];
                sourceId: components["schemas"]["RecordIdOrBatchRef"];
                targetId: components["schemas"]["RecordIdOrBatchRef"];
                /** @description The edge's properties; omitted, none. At most 64 KB as JSON. */
                properties?: components["schemas"]["EdgeProperties"];
                /** @description An id of the client's choosing; omitted, the service generates a UUID. An id already taken in the workspace is `409 CONFLICT`. */
                id?: components["schemas"]["RecordId"];
            };
        };
        /** @description `DELETE_EDGE` in a batch: `id` may be a `BatchRecordRef`. */
        BatchDeleteEdgeCommand: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "DELETE_EDGE";
            payload: {
                id: components["schemas"]["RecordIdOrBatchRef"];
                expectedVersion?: components["schemas"]["ExpectedVersion"];
            };
        };
        /** @description One command's outcome; `result` is what `POST /api/commands/execute` answers for it. */
        BatchItemResult: {
            index: number;
            type: components["schemas"]["RecordCommandType"];
            result: components["schemas"]["CommandResult"];
        };
        /**
         * @description The `data` of a batch's response: `batchId`, the id of the batch in the caller's
         *     history (what `UNDO` reports as `commandId`), and each command's result in order.
         */
        BatchOutcome: {
            /** Format: uuid */
            batchId: string;
            results: components["schemas"]["BatchItemResult"][];
        };
        /** @description The failed command's own error, as `POST /api/commands/execute` would answer it. */
        BatchFailedItem: {
            code: components["schemas"]["ErrorCode"];
            message: string;
            details?: Record<string, never>;
        };
        /** @description Which command of a batch failed (`index`, 0-based) and its own error (`item`). Nothing of the batch was written. */
        BatchItemErrorDetails: {
            index: number;
            item: components["schemas"]["BatchFailedItem"];
        };
        /** @description An invalid command of a batch; `issues` repeats the command's problems (paths start with `body.commands.<index>`). */
        BatchValidationErrorDetails: {
            index: number;
            item: components["schemas"]["BatchFailedItem"];
            issues: components["schemas"]["ValidationIssue"][];
        };
        /** @description A command of a batch whose scope the credential lacks; `requiredScope` names it. */
        BatchScopeErrorDetails: {
            index: number;
            item: components["schemas"]["BatchFailedItem"];
            requiredScope: components["schemas"]["Scope"];
        };
        /** @description An import through `POST /api/imports`, running or finished. */
        Import: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed";
            /** @description Nodes written (committed) so far. */
            nodes: number;
            /** @description Edges written (committed) so far. */
            edges: number;
            /** @description Records skipped because the workspace already held them exactly so. */
            unchanged: number;
            /** @description Lines whose records are committed (blank and header lines included). */
            lines: number;
            /** @description The problem that stopped a failed import; empty otherwise. */
            errors: {
                line: number;
                message: string;
            }[];
            /** @description Whether records were held to their types' rules; false for an import started with `validateRecords=false` (records written as the upload has them). */
            validateRecords: boolean;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            finishedAt: string | null;
        };
        /** @description Which record. */
        RecordRef: {
            /** @enum {string} */
            kind: "node" | "edge";
            id: string;
        };
        /** @description Which end of a new edge does not exist. */
        MissingEnd: {
            /** @enum {string} */
            end: "source" | "target";
            /** @description The id given for that end. */
            id: string | null;
        };
        VersionConflictDetails: {
            /** @description The record's version now; `null` when it does not exist or (UNDO/REDO) cannot be re-created. */
            currentVersion: number | null;
            /** @enum {string} */
            kind: "node" | "edge";
            id: string;
        };
        /**
         * @description What to look for, in plain words; not empty or only whitespace.
         * @example something that moves water
         */
        SearchQuery: string;
        /** @description A semantic search. */
        SearchRequest: {
            query: components["schemas"]["SearchQuery"];
            /**
             * @description How many hits at most.
             * @default 10
             */
            topK?: number;
            entityType?: components["schemas"]["TypeName"];
            /** @description Only hits with at least this cosine similarity. */
            minScore?: number;
        };
        /**
         * @description How similarity and graph proximity combine (`docs/search.md`, "Ranking"): reciprocal
         *     rank fusion (`rrf`, default, `k` default 60) or a weighted sum (`weighted`, `alpha`
         *     default 0.5, the weight of similarity).
         */
        Fusion: {
            /** @constant */
            method: "rrf";
            /** @default 60 */
            k?: number;
        } | {
            /** @constant */
            method: "weighted";
            /** @default 0.5 */
            alpha?: number;
        };
        /** @description A hybrid vector and graph search. */
        HybridSearchRequest: {
            query: components["schemas"]["SearchQuery"];
            /**
             * @description How many vector hits (the nearest nodes) seed the traversal.
             * @default 10
             */
            topK?: number;
            /**
             * @description Hops from the seeds (0 returns the seeds alone).
             * @default 1
             */
            depth?: number;
            /** @description Follow only these relationship types (every type when empty or absent). */
            relationshipTypes?: components["schemas"]["TypeName"][];
            entityType?: components["schemas"]["TypeName"];
            /** @description Only vector hits with at least this similarity seed the traversal. */
            minScore?: number;
            fusion?: components["schemas"]["Fusion"];
        };
        /** @description A node and its cosine similarity to the query. */
        SearchHit: {
            node: components["schemas"]["Node"];
            score: number;
        };
        /** @description Success envelope of a semantic search. */
        SearchEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["SearchHit"][];
            meta: {
                /** @description The `topK` used. */
                topK: number;
                /** @description Hits returned. */
                count: number;
            };
            requestId: components["schemas"]["RequestId"];
        };
        /** @description A node reached by hybrid search, with why it ranks where it does. */
        HybridHit: {
            node: components["schemas"]["Node"];
            /** @description The fused score the results are ordered by. */
            score: number;
            /**
             * @description Cosine similarity to the query when the node is among the 100 nodes nearest to it,
             *     else null.
             */
            vectorScore: number | null;
            /** @description `1 / (1 + hops)`: 1 for a seed. */
            graphScore: number;
            /** @description Length of the shortest path from a seed. */
            hops: number;
            seedId: components["schemas"]["RecordId"];
            /** @description The shortest path from the seed (ties go to the best-ranked seed). */
            path: {
                /** @description From the seed to the node, both included. */
                nodeIds: components["schemas"]["RecordId"][];
                /** @description The edges along the path, one per hop. */
                edgeIds: components["schemas"]["RecordId"][];
            };
        };
        /** @description Success envelope of a hybrid search. */
        HybridSearchEnvelope: {
            /** @constant */
            success: true;
            data: {
                results: components["schemas"]["HybridHit"][];
                /** @description Every node the traversal reached and every edge among them. */
                subgraph: {
                    nodes: components["schemas"]["Node"][];
                    edges: components["schemas"]["Edge"][];
                };
            };
            meta: {
                /** @description Vector hits asked for as seeds. */
                topK: number;
                depth: number;
                relationshipTypes: components["schemas"]["TypeName"][];
                fusion: components["schemas"]["Fusion"];
                /** @description Results returned. */
                count: number;
                /** @description Vector hits that seeded the traversal. */
                seedCount: number;
                /** @description Nodes the traversal reached, seeds included. */
                reachedCount: number;
                /** @description The most nodes a traversal visits (500). */
                maxNodes: number;
                /** @description True when `maxNodes` cut the traversal short. */
                truncated: boolean;
            };
            requestId: components["schemas"]["RequestId"];
        };
        /** @description The search index of one workspace. */
        IndexStatus: {
            /** @enum {string} */
            state: "ready" | "indexing" | "degraded";
            /** @description The vector index, `sqlite-vec`, `neo4j` or `qdrant` (VECTOR_STORE). */
            backend: string;
            /** @description The embedder, e.g. `use-lite`. */
            embedder: string;
            /** @description Vector length; null until the embedder has loaded. */
            dimensions: number | null;
            /** @description Vectors stored for the workspace; null while the vector store is down. */
            indexed: number | null;
            /** @description Changes of the workspace waiting to be indexed. */
            pending: number;
            /**
             * Format: date-time
             * @description When this server last indexed a change of the workspace.
             */
            lastIndexedAt: string | null;
            /** @description Why the last attempt failed, while `state` is `degraded`. */
            lastError: string | null;
            /**
             * @description The workspace's approximate (HNSW) graph that this server keeps in memory in front
             *     of sqlite-vec; null with Neo4j and Qdrant, which keep their own. Until `mode` is
             *     `ready`, searches of the workspace are exact (correct, slower on large workspaces).
             */
            approximate: null | {
                /**
                 * @description `exact`: no graph (below 2,000 points, or not started yet); `loading` /
                 *     `building`: on its way; `ready`: searches use it; `failed`: the last build
                 *     failed, searches are exact until a retry works.
                 * @enum {string}
                 */
                mode: "exact" | "loading" | "building" | "ready" | "failed";
                points: number | null;
                /** @description Committed changes not yet applied to the graph. */
                backlog: number;
            };
        };
        /** @description Success envelope of the index status. */
        IndexStatusEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["IndexStatus"];
            requestId: components["schemas"]["RequestId"];
        };
        /** @description A webhook connector. Its secret is never part of it. */
        Connector: {
            id: string;
            /** @enum {string} */
            type: "Webhook";
            name: string;
            entityType: components["schemas"]["TypeName"];
            /** @description Unguessable id of the reception URL. */
            endpointId: string;
            /** @description Where senders post events: `PUBLIC_URL` (or the origin the client called) + `/api/webhooks/<endpointId>`. */
            receptionUrl: string;
            /** @description The node that stands for the connector in the graph (entity type `WebhookConnector`); every event node has a `RECEIVED_VIA` edge to it. */
            nodeId: string;
            createdAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the secret was last rotated; `null` if never.
             */
            secretRotatedAt: string | null;
            /**
             * Format: date-time
             * @description Until when the secret before the last rotation still verifies requests; `null` when there is none.
             */
            previousSecretExpiresAt: string | null;
        };
        /** @description A connector together with its signing secret, shown only at creation and rotation. */
        ConnectorWithSecret: {
            id: components["schemas"]["Connector"]["id"];
            type: components["schemas"]["Connector"]["type"];
            name: components["schemas"]["Connector"]["name"];
            entityType: components["schemas"]["Connector"]["entityType"];
            endpointId: components["schemas"]["Connector"]["endpointId"];
            receptionUrl: components["schemas"]["Connector"]["receptionUrl"];
            nodeId: components["schemas"]["Connector"]["nodeId"];
            createdAt: components["schemas"]["Connector"]["createdAt"];
            updatedAt: components["schemas"]["Connector"]["updatedAt"];
            secretRotatedAt: components["schemas"]["Connector"]["secretRotatedAt"];
            previousSecretExpiresAt: components["schemas"]["Connector"]["previousSecretExpiresAt"];
            /** @description `whsec_` + base64 of 32 random bytes. Store it now; it cannot be shown again. See `docs/webhooks.md` for how each signing convention uses it. */
            secret: string;
        };
        ConnectorCreateRequest: {
            /**
             * @description The connector type; `Webhook` is the only one.
             * @enum {string}
             */
            type: "Webhook";
            /** @description What the connector receives. Surrounding whitespace is trimmed; it must not be blank. */
            name: string;
            /** @description Entity type of the nodes its events become; `WebhookEvent` when omitted. */
            entityType?: components["schemas"]["TypeName"];
        };
        RotateSecretRequest: {
            /** @description How long the replaced secret keeps working; `0` revokes it at once. Omit the body for the configured default (24 h). */
            gracePeriodSeconds: number;
        };
        /**
         * @description `received`: being ingested. `processed`: ingested, see `nodeId`. `failed`: ingestion
         *     failed, see `failureReason`. `duplicate`: a replay of an event already received.
         *     `rejected`: refused (bad signature, stale timestamp, not a JSON object).
         * @enum {string}
         */
        WebhookEventStatus: "received" | "processed" | "failed" | "duplicate" | "rejected";
        /** @description One request a connector received. */
        WebhookEvent: {
            id: string;
            connectorId: components["schemas"]["Connector"]["id"];
            status: components["schemas"]["WebhookEventStatus"];
            /**
             * @description The signing convention the request used; `null` when it carried no signature.
             * @enum {string|null}
             */
            scheme: "x-webhook" | "standard-webhooks" | null;
            /** @description The sender's event id (`X-Webhook-Id` or `webhook-id`), when it sent one. */
            deliveryId: string | null;
            /**
             * Format: date-time
             * @description The sender's timestamp, for requests whose signature was verified.
             */
            signedAt: string | null;
            receivedAt: components["schemas"]["Timestamp"];
            updatedAt: components["schemas"]["Timestamp"];
            /** Format: date-time */
            processedAt: string | null;
            /** @description How many times ingestion ran (replays included). */
            attempts: number;
            /** @description The node the event became (for a duplicate, the original's node). */
            nodeId: string | null;
            /** @description For a duplicate, the event that holds the delivery. */
            duplicateOf: string | null;
            /** @description Why the event failed or was rejected. */
            failureReason: string | null;
            /** @description Size of the body received. */
            payloadBytes: number;
        };
        /** @description One request a connector received, with the JSON object it carried. */
        WebhookEventWithPayload: {
            id: components["schemas"]["WebhookEvent"]["id"];
            connectorId: components["schemas"]["WebhookEvent"]["connectorId"];
            status: components["schemas"]["WebhookEvent"]["status"];
            scheme: components["schemas"]["WebhookEvent"]["scheme"];
            deliveryId: components["schemas"]["WebhookEvent"]["deliveryId"];
            signedAt: components["schemas"]["WebhookEvent"]["signedAt"];
            receivedAt: components["schemas"]["WebhookEvent"]["receivedAt"];
            updatedAt: components["schemas"]["WebhookEvent"]["updatedAt"];
            processedAt: components["schemas"]["WebhookEvent"]["processedAt"];
            attempts: components["schemas"]["WebhookEvent"]["attempts"];
            nodeId: components["schemas"]["WebhookEvent"]["nodeId"];
            duplicateOf: components["schemas"]["WebhookEvent"]["duplicateOf"];
            failureReason: components["schemas"]["WebhookEvent"]["failureReason"];
            payloadBytes: components["schemas"]["WebhookEvent"]["payloadBytes"];
            /** @description The JSON object the request carried, exactly as received; `null` for rejected and duplicate records. */
            payload: Record<string, never> | null;
        };
        /** @description The answer to a delivery. */
        WebhookReceipt: {
            /** @description Id of the event record of this request (see the connector's event list). */
            eventId: string;
            /** @enum {string} */
            status: "processed" | "duplicate";
            /** @description The node the delivery became. */
            nodeId: string | null;
            /** @description For a duplicate, the event that holds the delivery. */
            duplicateOf: string | null;
        };
        /** @description A source of data points (a sensor, a meter, a KPI). */
        LiveDataSource: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Unit of the values, for display (e.g. `C`, `kWh`). */
            unit: string | null;
            description: string | null;
            /** @description The node this source belongs to (checked when the source was created). */
            entityId: string | null;
            createdAt: components["schemas"]["Timestamp"];
            /** @description Timestamp of the newest stored point; null before the first one. */
            lastPointAt: components["schemas"]["Timestamp"] | null;
            /** @description Points stored (a re-sent timestamp replaces its point, so it counts once). */
            pointCount: number;
        };
        LiveDataSourceCreateRequest: {
            /** @description Surrounding whitespace is trimmed; it must not be blank. */
            name: string;
            unit?: string | null;
            description?: string | null;
            /** @description A node of the same workspace (`404` when there is none). */
            entityId?: string | null;
        };
        DataPointIn: {
            /** @description ISO-8601 date-time with an offset, or epoch milliseconds (a non-negative integer, also as a string of digits). At most one day in the future. */
            timestamp: string | number;
            /** @description A finite number. */
            value: number;
            tags?: components["schemas"]["PointTags"];
        };
        /**
         * @description Up to 16 string labels stored with the point and returned by raw queries.
         * @example {
         *       "quality": "good",
         *       "line": "3"
         *     }
         */
        PointTags: {
            [key: string]: string;
        };
        /** @description Points of one source, or batches across sources of the workspace; 10,000 points at most in all. */
        IngestRequest: {
            sourceId: string;
            points: components["schemas"]["DataPointIn"][];
        } | {
            batches: {
                sourceId: string;
                points: components["schemas"]["DataPointIn"][];
            }[];
        };
        IngestResult: {
            /** @description Points of the request, all stored. */
            accepted: number;
        };
        /**
         * @default raw
         * @enum {string}
         */
        Aggregation: "raw" | "mean" | "min" | "max" | "sum" | "count" | "first" | "last";
        SeriesPointOut: {
            timestamp: components["schemas"]["Timestamp"];
            value: number;
            tags?: components["schemas"]["PointTags"];
        };
        /**
         * @description The answer for one source. Raw queries add `limit`, `order` and `truncated`; points
         *     carry `tags` when they were stored with some. Aggregations have one point per non-empty
         *     bucket, stamped with the bucket's start.
         */
        LiveDataSeries: {
            sourceId: string;
            aggregation: components["schemas"]["Aggregation"];
            /** @description The bucket width as requested; null for raw. */
            interval: string | null;
            from: components["schemas"]["Timestamp"];
            to: components["schemas"]["Timestamp"];
            limit?: number;
            /** @enum {string} */
            order?: "asc" | "desc";
            /** @description The window holds more points than `limit`. */
            truncated?: boolean;
            points: components["schemas"]["SeriesPointOut"][];
        };
        /** @description A registered client application (public: it has no secret). */
        OAuthClient: {
            /** @description The `client_id` the application sends. */
            clientId: string;
            /** @description Shown to users on the sign-in and consent pages. */
            name: string;
            /** @description The one registered redirect URI. */
            redirectUri: string;
            /** @description The most the application may request. */
            scopes: components["schemas"]["Scope"][];
            /**
             * Format: uuid
             * @description The workspace that registered (and manages) the client.
             */
            workspaceId: string;
            createdAt: components["schemas"]["Timestamp"];
            /** @description The actor that registered it; null for the CLI. */
            createdBy: string | null;
        };
        OAuthClientCreateRequest: {
            name: string;
            /** @description https, http on a loopback host, or a reverse-domain private-use scheme; no fragment. */
            redirectUri: string;
            scopes: components["schemas"]["Scope"][];
        };
        SignInForm: {
            request_id: string;
            csrf_token: string;
            email: string;
            password: string;
        };
        ConsentForm: {
            request_id: string;
            csrf_token: string;
            /** @enum {string} */
            decision: "allow" | "deny";
        };
        /**
         * @description `authorization_code`: `code`, `redirect_uri`, `client_id`, `code_verifier`.
         *     `refresh_token`: `refresh_token`, `client_id`, optionally `scope` (a subset).
         */
        TokenRequest: {
            /** @enum {string} */
            grant_type: "authorization_code" | "refresh_token";
            client_id: string;
            code?: string;
            redirect_uri?: string;
            /** @description 43 to 128 characters of `[A-Za-z0-9-._~]` (RFC 7636). */
            code_verifier?: string;
            refresh_token?: string;
            /** @description Space-separated; at most the scopes of the refresh token. */
            scope?: string;
        } & {
            [key: string]: string;
        };
        RevokeRequest: {
            token: string;
            /** @enum {string} */
            token_type_hint?: "access_token" | "refresh_token";
            client_id: string;
        } & {
            [key: string]: string;
        };
        /** @description RFC 6749 section 5.1. */
        TokenResponse: {
            /** @description Send as `Authorization: Bearer <access_token>` with `x-workspace-id`. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * @description Seconds the access token is valid.
             * @constant
             */
            expires_in: 3600;
            /** @description Valid 30 days; single use (each refresh returns a new one). */
            refresh_token: string;
            /** @description The scopes granted, space-separated (may be fewer than requested). */
            scope: string;
        };
        /** @description RFC 6749 section 5.2. */
        OAuthErrorResponse: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope";
            error_description: string;
        };
        /** @description RFC 8414. */
        AuthorizationServerMetadata: {
            /** Format: uri */
            issuer: string;
            /** Format: uri */
            authorization_endpoint: string;
            /** Format: uri */
            token_endpoint: string;
            /** Format: uri */
            revocation_endpoint: string;
            scopes_supported: components["schemas"]["Scope"][];
            response_types_supported: "code"[];
            response_modes_supported: "query"[];
            grant_types_supported: ("authorization_code" | "refresh_token")[];
            token_endpoint_auth_methods_supported: "none"[];
            revocation_endpoint_auth_methods_supported: "none"[];
            code_challenge_methods_supported: "S256"[];
            /** @constant */
            authorization_response_iss_parameter_supported: true;
            /** Format: uri */
            service_documentation: string;
        };
    };
    responses: {
        /**
         * @description An RFC 6749 error (not an envelope): `invalid_request` (a missing or repeated parameter,
         *     an unreadable body: `413` when too large, `415` when neither form-encoded nor JSON),
         *     `invalid_client` (unknown client, a client secret, a token of another client),
         *     `invalid_grant` (a code or refresh token that is unknown, expired, used up, revoked,
         *     issued to another client, a wrong `code_verifier` or `redirect_uri`),
         *     `unsupported_grant_type`, `invalid_scope` (a refresh that would widen the scopes).
         */
        OAuthError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Cache-Control": components["headers"]["CacheControlNoStore"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "invalid_grant",
                 *       "error_description": "Invalid grant: the authorization code has expired"
                 *     }
                 */
                "application/json": components["schemas"]["OAuthErrorResponse"];
            };
        };
        /**
         * @description An HTML page for the user: an unknown `client_id` or a `redirect_uri` that is not the
         *     registered one (these are never redirected), or a sign-in or consent form that expired,
         *     was already used, came without the browser cookie or with a wrong CSRF token.
         */
        OAuthErrorPage: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /**
         * @description `VALIDATION_ERROR`: a query parameter is invalid (e.g. a negative or non-integer `limit`
         *     or `offset`). `details.issues` lists every problem.
         */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "limit must be a non-negative integer.",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "query.limit",
                 *               "message": "must be a non-negative integer"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    };
                };
            };
        };
        /**
         * @description `WORKSPACE_REQUIRED`: the `x-workspace-id` header is missing.
         *     `VALIDATION_ERROR`: the header is not a UUID, or a query parameter (a filter, `where`,
         *     `sort`, paging) is invalid; `details.issues` lists every problem.
         *     `INVALID_CURSOR`: `cursor` is altered, or was returned for another filter or sort.
         */
        BadListRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "WORKSPACE_REQUIRED",
                 *         "message": "The x-workspace-id header is required on this route."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "INVALID_CURSOR" | "WORKSPACE_REQUIRED";
                    });
                };
            };
        };
        /**
         * @description `WORKSPACE_REQUIRED`: the `x-workspace-id` header is missing.
         *     `VALIDATION_ERROR`: the header is not a UUID, or a path or query parameter is invalid;
         *     `details.issues` lists every problem.
         */
        BadWorkspaceRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "WORKSPACE_REQUIRED",
                 *         "message": "The x-workspace-id header is required on this route."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "WORKSPACE_REQUIRED";
                    });
                };
            };
        };
        /**
         * @description `CYPHER_SYNTAX_ERROR`: the text is not Cypher. `CYPHER_SEMANTIC_ERROR`: valid syntax
         *     that means nothing (an unknown variable, a missing parameter, a function given the
         *     wrong arguments). `CYPHER_UNSUPPORTED`: Cypher outside the read-only subset (CREATE,
         *     MERGE, SET, DELETE, REMOVE, CALL, LOAD CSV, FOREACH, USE, procedures, the service's own
         *     labels); `details.construct` names it. `CYPHER_LIMIT_EXCEEDED`: the query is longer,
         *     deeper, bigger or slower than a documented limit; `details.limit` names it.
         *     `VALIDATION_ERROR`: the body does not match the schema, or the `x-workspace-id` header
         *     is not a UUID. `WORKSPACE_REQUIRED`: the `x-workspace-id` header is missing.
         */
        BadCypherRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CYPHER_UNSUPPORTED",
                 *         "message": "CREATE is not supported; queries are read-only (line 1, column 1)",
                 *         "details": {
                 *           "construct": "CREATE",
                 *           "line": 1,
                 *           "column": 1
                 *         }
                 *       },
                 *       "requestId": "req_3kT9xQmZ0aB7cD2eF4gH"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "CYPHER_SYNTAX_ERROR" | "CYPHER_SEMANTIC_ERROR" | "CYPHER_UNSUPPORTED" | "CYPHER_LIMIT_EXCEEDED";
                        details?: components["schemas"]["CypherErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "INVALID_JSON" | "WORKSPACE_REQUIRED";
                    });
                };
            };
        };
        /**
         * @description `VALIDATION_ERROR`: a parameter or the body is invalid (`details.issues` lists every
         *     problem). `INVALID_JSON`: the body is not JSON. `INVALID_CURSOR`: the cursor is beyond
         *     the workspace's last event. `WORKSPACE_REQUIRED`: no `x-workspace-id`.
         */
        EventsBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "INVALID_CURSOR",
                 *         "message": "Cursor 99 is beyond the last event of this workspace (42)."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "VALIDATION_ERROR" | "INVALID_JSON" | "INVALID_CURSOR" | "WORKSPACE_REQUIRED";
                    };
                };
            };
        };
        /**
         * @description `CURSOR_EXPIRED`: the events after the cursor are past the retention, so following it
         *     would skip some. `details.earliestCursor` is the oldest cursor that can be followed:
         *     take a new snapshot (a list's `meta.eventCursor`) and follow from there.
         */
        CursorExpired: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CURSOR_EXPIRED",
                 *         "message": "Events after cursor 3 are past the retention; the earliest cursor that can be followed is 1200.",
                 *         "details": {
                 *           "cursor": "3",
                 *           "earliestCursor": "1200"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "CURSOR_EXPIRED";
                        details: {
                            cursor: components["schemas"]["EventCursor"];
                            earliestCursor: components["schemas"]["EventCursor"];
                        };
                    };
                };
            };
        };
        /** @description `CONFLICT`: the workspace already holds 100 subscriptions (`details.limit`). */
        SubscriptionConflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CONFLICT",
                 *         "message": "A workspace holds at most 100 webhook subscriptions.",
                 *         "details": {
                 *           "limit": 100
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "CONFLICT";
                    };
                };
            };
        };
        /**
         * @description `INVALID_JSON`: the body is not valid JSON.
         *     `VALIDATION_ERROR`: the body does not match the schema (unknown fields included) or nests
         *     arrays and objects more than 64 levels deep, the `x-workspace-id` header is not a UUID,
         *     or a parameter is invalid; `details.issues` lists every problem.
         *     `WORKSPACE_REQUIRED`: the `x-workspace-id` header is missing.
         */
        BadBodyRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "Invalid request body: body.scopes: at least one scope is required",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "body.scopes",
                 *               "message": "at least one scope is required"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "INVALID_JSON" | "WORKSPACE_REQUIRED";
                    });
                };
            };
        };
        /**
         * @description `UNAUTHENTICATED`: the credential is missing, malformed, unknown, expired or revoked.
         *     `WWW-Authenticate` carries the Bearer challenge (RFC 6750) with `error="invalid_token"`
         *     or `error="invalid_request"` when a credential was sent.
         */
        Unauthenticated: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "UNAUTHENTICATED",
                 *         "message": "Authentication required: send Authorization: Bearer <API key or access token>."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "UNAUTHENTICATED";
                    };
                };
            };
        };
        /**
         * @description `FORBIDDEN`: the credential may not act in the workspace named by `x-workspace-id`, or
         *     (when creating a key) asked for scopes its creator does not hold.
         *     `INSUFFICIENT_SCOPE`: the credential lacks the route's scope, named in
         *     `details.requiredScope` and in the `WWW-Authenticate` challenge.
         */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticateScope"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "INSUFFICIENT_SCOPE",
                 *         "message": "This operation needs the scope \"admin\".",
                 *         "details": {
                 *           "requiredScope": "admin"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "INSUFFICIENT_SCOPE";
                        details: {
                            requiredScope: components["schemas"]["Scope"];
                        };
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "FORBIDDEN";
                    });
                };
            };
        };
        /** @description `NOT_FOUND`: no such resource in the workspace. Records of other workspaces are answered the same way. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "API key key_Yc4mX0nq7hV2pL9sTz1B not found."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "NOT_FOUND";
                    };
                };
            };
        };
        /**
         * @description `REQUEST_TIMEOUT`: the request body did not arrive within `HTTP_BODY_TIMEOUT_MS` (30 s by
         *     default) of the route starting to read it (on webhook reception, also within what is
         *     left of the processing bound), or the request line and headers within
         *     `HTTP_HEADERS_TIMEOUT_MS` (10 s). The connection is closed after the answer
         *     (`Connection: close`). A request timed out before it reached a route is answered the
         *     same way, without rate-limit headers.
         */
        RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                /** @description Always `close`. */
                Connection?: "close";
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "REQUEST_TIMEOUT",
                 *         "message": "The request body did not arrive within 30000 ms.",
                 *         "details": {
                 *           "timeoutMs": 30000
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "REQUEST_TIMEOUT";
                        details?: {
                            timeoutMs: number;
                        };
                    };
                };
            };
        };
        /**
         * @description `HEADERS_TOO_LARGE`: the request line and headers together exceed 16 KiB (a very long
         *     query string included). Answered by the HTTP server before any route, on every path;
         *     the connection is closed.
         */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "HEADERS_TOO_LARGE",
                 *         "message": "The request line and headers exceed 16384 bytes."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "HEADERS_TOO_LARGE";
                    };
                };
            };
        };
        /**
         * @description `BAD_REQUEST`: the request is not valid HTTP/1.1 (a malformed request line or header,
         *     bad chunked encoding, conflicting lengths). Answered by the HTTP server before any
         *     route, on every path; the connection is closed.
         */
        MalformedRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "BAD_REQUEST",
                 *         "message": "The request is not valid HTTP/1.1."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "BAD_REQUEST";
                    };
                };
            };
        };
        /**
         * @description `METHOD_NOT_ALLOWED`: the path exists, but not with this method (any operation not
         *     listed for a path answers this). The `Allow` header lists the methods the path has
         *     (`HEAD` wherever `GET` is), and so does `details.allowed`. Answered before
         *     authentication.
         */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                /** @description The methods the path answers, e.g. `GET, HEAD, DELETE`. */
                Allow: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "METHOD_NOT_ALLOWED",
                 *         "message": "PUT is not allowed on /api/api-keys; it answers GET, HEAD, POST.",
                 *         "details": {
                 *           "allowed": [
                 *             "GET",
                 *             "HEAD",
                 *             "POST"
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "METHOD_NOT_ALLOWED";
                        details: {
                            allowed: ("GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE")[];
                        };
                    };
                };
            };
        };
        /** @description `PAYLOAD_TOO_LARGE`: the body exceeds the configured limit, given in `details.limitBytes`. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "PAYLOAD_TOO_LARGE",
                 *         "message": "The request body exceeds the limit of 1048576 bytes.",
                 *         "details": {
                 *           "limitBytes": 1048576
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "PAYLOAD_TOO_LARGE";
                        details: {
                            limitBytes: number;
                        };
                    };
                };
            };
        };
        /**
         * @description `UNSUPPORTED_MEDIA_TYPE`: the body was not sent as `Content-Type: application/json` (or
         *     used an unsupported charset or encoding). `details.received` echoes what was sent.
         */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "UNSUPPORTED_MEDIA_TYPE",
                 *         "message": "The request body must be sent with Content-Type: application/json.",
                 *         "details": {
                 *           "received": "text/plain"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "UNSUPPORTED_MEDIA_TYPE";
                        details: {
                            received: string | null;
                        };
                    };
                };
            };
        };
        /**
         * @description `RATE_LIMITED`: the workspace used up its minute or day budget. Wait `Retry-After`
         *     seconds. Refused requests are not counted.
         */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "RATE_LIMITED",
                 *         "message": "Rate limit exceeded for the minute window; retry in 18 s.",
                 *         "details": {
                 *           "window": "minute",
                 *           "retryAfterSeconds": 18
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "RATE_LIMITED";
                        details: components["schemas"]["RateLimitedDetails"];
                    };
                };
            };
        };
        /**
         * @description `INTERNAL_ERROR`: an unexpected failure. The message never carries internal detail; the
         *     failure is logged under the `requestId`, so quote it when reporting the problem.
         */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "INTERNAL_ERROR",
                 *         "message": "An internal error occurred. Quote the requestId when reporting it."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "INTERNAL_ERROR";
                    };
                };
            };
        };
        /**
         * @description `SERVICE_UNAVAILABLE`: a store the service depends on did not answer;
         *     `details.checks` says which. Retry after `Retry-After` seconds.
         */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "SERVICE_UNAVAILABLE",
                 *         "message": "A store the service depends on is unreachable.",
                 *         "details": {
                 *           "checks": {
                 *             "sqlite": "down"
                 *           }
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "SERVICE_UNAVAILABLE";
                        details: {
                            /** @description Every store by name, `up` or `down`. */
                            checks: {
                                [key: string]: "up" | "down";
                            };
                        };
                    };
                };
            };
        };
        /**
         * @description `SERVICE_UNAVAILABLE`: as many exports (or imports) are running as this server runs at
         *     once (4; `details.running`), the server is shutting down (no `details`), or a store the
         *     service depends on did not answer (`details.checks` says which). Retry after
         *     `Retry-After` seconds.
         */
        TransferUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "SERVICE_UNAVAILABLE",
                 *         "message": "4 imports are running, the most this server runs at once; try again shortly.",
                 *         "details": {
                 *           "running": 4
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "SERVICE_UNAVAILABLE";
                        details?: {
                            /** @description How many are running. */
                            running: number;
                        } | {
                            /** @description Every store by name, `up` or `down`. */
                            checks: {
                                [key: string]: "up" | "down";
                            };
                        };
                    };
                };
            };
        };
        /**
         * @description `SERVICE_UNAVAILABLE`: a store the service depends on did not answer (`details.checks`
         *     says which), or the service is shutting down (`details.reason` is `shutting down`; it
         *     will not become ready again). Retry after `Retry-After` seconds.
         */
        NotReady: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "SERVICE_UNAVAILABLE";
                        details: {
                            /** @description Every store by name, `up` or `down`. */
                            checks: {
                                [key: string]: "up" | "down";
                            };
                        } | {
                            /** @constant */
                            reason: "shutting down";
                        };
                    };
                };
            };
        };
        /**
         * @description `VALIDATION_ERROR`: the body is not a valid command (unknown `type`, a missing or invalid
         *     payload field, an unknown field, a property that breaks the property rules, properties over
         *     64 KB), the `Idempotency-Key` is malformed, or the `x-workspace-id` header is not a UUID;
         *     `details.issues` lists every problem, each naming the field (e.g.
         *     `body.payload.properties.tags`) and the reason. Also a record that breaks its entity or
         *     relationship type (a property of the wrong type, missing, not in `enum`, out of bounds,
         *     too long or short, not matching `pattern`, not declared; an end node of a type the
         *     relationship does not allow; an undefined type in a strict workspace): one issue per
         *     violation, with its path in the command (`payload.properties.rpm`).
         *     `INVALID_JSON`: the body is not valid JSON.
         *     `WORKSPACE_REQUIRED`: the `x-workspace-id` header is missing.
         */
        BadCommandRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "Invalid request body: body.payload.properties.tags: arrays must hold values of one type (all strings, all numbers or all booleans)",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "body.payload.properties.tags",
                 *               "message": "arrays must hold values of one type (all strings, all numbers or all booleans)"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "INVALID_JSON" | "WORKSPACE_REQUIRED";
                    });
                };
            };
        };
        /**
         * @description `NOT_FOUND`: no node or edge with this id in the workspace; `details` names it. Records of
         *     other workspaces are answered the same way.
         */
        RecordNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "Node pump-9 not found.",
                 *         "details": {
                 *           "kind": "node",
                 *           "id": "pump-9"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "NOT_FOUND";
                        details: components["schemas"]["RecordRef"];
                    };
                };
            };
        };
        /**
         * @description `NOT_FOUND`: a record the command names does not exist in the workspace (records of other
         *     workspaces are answered the same way). `details` is `{ kind, id }` for the record
         *     itself, or, for `CREATE_EDGE`, `{ end, id }` naming the missing end (`source` or
         *     `target`).
         */
        CommandRecordNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "The target node tank-9 does not exist.",
                 *         "details": {
                 *           "end": "target",
                 *           "id": "tank-9"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "NOT_FOUND";
                        details: components["schemas"]["RecordRef"] | components["schemas"]["MissingEnd"];
                    };
                };
            };
        };
        /**
         * @description `VERSION_CONFLICT`: the record is not at `expectedVersion`, or (UNDO/REDO) a record the
         *     command touched was changed by someone else since or cannot be restored; `details` gives
         *     its `kind`, `id` and `currentVersion`. Nothing was changed.
         *     `CONFLICT`: the id chosen for a new record is taken in the workspace (`details` names
         *     it); or the record conflicts with others under its type: a `unique` value another
         *     record holds, an end with `one` cardinality that already has its edge (`details.issues`,
         *     paths such as `payload.properties.serial`); or (UNDO/REDO) the record it would bring
         *     back breaks the ontology as defined now (`details` gives its `kind`, `id` and
         *     `issues`).
         *     `NOTHING_TO_UNDO` / `NOTHING_TO_REDO`: the caller has no command to undo or redo in this
         *     workspace.
         */
        CommandConflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VERSION_CONFLICT";
                        details: components["schemas"]["VersionConflictDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "CONFLICT";
                        details: components["schemas"]["RecordRef"] | components["schemas"]["TypeConflictDetails"] | components["schemas"]["RestoreTypeConflictDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "NOTHING_TO_UNDO" | "NOTHING_TO_REDO";
                    });
                };
            };
        };
        /**
         * @description `CONFLICT`, and nothing was changed: records in place break the new definition or
         *     setting (`details.violations`, `details.sample`; send `validateExisting=false` to apply
         *     it to writes from now on), the type is in use (`details.records`) or named as an end by
         *     relationship types (`details.relationshipTypes`), or the workspace already defines the
         *     most types of this kind (`details.limit`).
         */
        OntologyConflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CONFLICT",
                 *         "message": "2 existing nodes break the new definition of the entity type Pump; nothing was changed (fix them, or send ?validateExisting=false to apply it to writes from now on).",
                 *         "details": {
                 *           "violations": 2,
                 *           "sample": [
                 *             {
                 *               "kind": "node",
                 *               "id": "pump-1",
                 *               "issues": [
                 *                 {
                 *                   "path": "properties.rpm",
                 *                   "message": "must be at most 6000"
                 *                 }
                 *               ]
                 *             },
                 *             {
                 *               "kind": "node",
                 *               "id": "pump-7",
                 *               "issues": [
                 *                 {
                 *                   "path": "properties.serial",
                 *                   "message": "is required"
                 *                 }
                 *               ]
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "CONFLICT";
                        details: components["schemas"]["ExistingViolations"] | {
                            records: number;
                        } | {
                            relationshipTypes: components["schemas"]["TypeName"][];
                        } | {
                            limit: number;
                        };
                    };
                };
            };
        };
        /**
         * @description `VALIDATION_ERROR`: the body is not `{ commands: [...] }` with 1 to 1,000 commands
         *     (`details.issues`), or one command is invalid, a `$ref` is misplaced or names no earlier
         *     command, or the command is `UNDO`/`REDO` (`details.index` names it, `details.item` holds
         *     its error, `details.issues` its problems); the `Idempotency-Key` is malformed, or the
         *     `x-workspace-id` header is not a UUID. Nothing was written.
         *     `INVALID_JSON`: the body is not valid JSON.
         *     `WORKSPACE_REQUIRED`: the `x-workspace-id` header is missing.
         */
        BadBatchRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "commands[2] (CREATE_EDGE) failed: Invalid command: body.commands.2.payload.sourceId: $ref 5 does not name an earlier command: a command may refer only to commands before it (0 to 1). Nothing was written.",
                 *         "details": {
                 *           "index": 2,
                 *           "item": {
                 *             "code": "VALIDATION_ERROR",
                 *             "message": "Invalid command: body.commands.2.payload.sourceId: $ref 5 does not name an earlier command: a command may refer only to commands before it (0 to 1).",
                 *             "details": {
                 *               "issues": [
                 *                 {
                 *                   "path": "body.commands.2.payload.sourceId",
                 *                   "message": "$ref 5 does not name an earlier command: a command may refer only to commands before it (0 to 1)"
                 *                 }
                 *               ]
                 *             }
                 *           },
                 *           "issues": [
                 *             {
                 *               "path": "body.commands.2.payload.sourceId",
                 *               "message": "$ref 5 does not name an earlier command: a command may refer only to commands before it (0 to 1)"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"] | components["schemas"]["BatchValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "INVALID_JSON" | "WORKSPACE_REQUIRED";
                    });
                };
            };
        };
        /**
         * @description `FORBIDDEN`: the credential may not act in the workspace named by `x-workspace-id`.
         *     `INSUFFICIENT_SCOPE`: the credential lacks the scope of a command of the batch:
         *     `details.index` names the first such command, `details.requiredScope` the scope (also
         *     in the `WWW-Authenticate` challenge). Nothing was written.
         */
        BatchForbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WwwAuthenticateScope"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "INSUFFICIENT_SCOPE",
                 *         "message": "commands[2] (CREATE_EDGE) failed: This operation needs the scope \"write:edges\". Nothing was written.",
                 *         "details": {
                 *           "requiredScope": "write:edges",
                 *           "index": 2,
                 *           "item": {
                 *             "code": "INSUFFICIENT_SCOPE",
                 *             "message": "This operation needs the scope \"write:edges\".",
                 *             "details": {
                 *               "requiredScope": "write:edges"
                 *             }
                 *           }
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "INSUFFICIENT_SCOPE";
                        details: components["schemas"]["BatchScopeErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "FORBIDDEN";
                    });
                };
            };
        };
        /**
         * @description `NOT_FOUND`: a record a command of the batch names does not exist; `details.index` names
         *     the command and `details.item.details` the record (`{ kind, id }`, or `{ end, id }` for
         *     a missing end of a `CREATE_EDGE`). Nothing was written.
         */
        BatchRecordNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "NOT_FOUND",
                 *         "message": "commands[1] (CREATE_EDGE) failed: The target node tank-9 does not exist. Nothing was written.",
                 *         "details": {
                 *           "index": 1,
                 *           "item": {
                 *             "code": "NOT_FOUND",
                 *             "message": "The target node tank-9 does not exist.",
                 *             "details": {
                 *               "end": "target",
                 *               "id": "tank-9"
                 *             }
                 *           }
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "NOT_FOUND";
                        details: components["schemas"]["BatchItemErrorDetails"];
                    };
                };
            };
        };
        /**
         * @description `VERSION_CONFLICT`: a command's record is not at its `expectedVersion`. `CONFLICT`: the
         *     id a command chose for a new record is taken (also by an earlier command of the same
         *     batch), or the record conflicts with others under its type (a `unique` value, a `one`
         *     end; `details.item.details.issues`). `details.index` names the command, `details.item`
         *     holds its error. Nothing was written.
         */
        BatchConflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CONFLICT",
                 *         "message": "commands[1] (CREATE_NODE) failed: Node pump-1 already exists in this workspace. Nothing was written.",
                 *         "details": {
                 *           "index": 1,
                 *           "item": {
                 *             "code": "CONFLICT",
                 *             "message": "Node pump-1 already exists in this workspace.",
                 *             "details": {
                 *               "kind": "node",
                 *               "id": "pump-1"
                 *             }
                 *           }
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @enum {unknown} */
                        code?: "VERSION_CONFLICT" | "CONFLICT";
                        details: components["schemas"]["BatchItemErrorDetails"];
                    };
                };
            };
        };
        /**
         * @description `IDEMPOTENCY_KEY_REUSED`: the `Idempotency-Key` was used in the last 24 hours with a
         *     different request. Nothing was executed; use a new key for a new request.
         */
        IdempotencyKeyReused: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "IDEMPOTENCY_KEY_REUSED",
                 *         "message": "This Idempotency-Key was already used with a different request."
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "IDEMPOTENCY_KEY_REUSED";
                    };
                };
            };
        };
        /**
         * @description `INVALID_SIGNATURE`: the webhook request is not authentic or not fresh. `details.check`
         *     names the failed check: `missing_signature` (no `X-Webhook-Signature` nor
         *     `webhook-signature`), `missing_id` (Standard Webhooks without `webhook-id`),
         *     `missing_timestamp`, `invalid_timestamp` (not whole Unix seconds),
         *     `malformed_signature` (not `sha256=<64 hex digits>`, or no `v1,<base64>` entry),
         *     `signature_mismatch` (no secret of the connector produces it),
         *     `timestamp_out_of_tolerance` (more than 300 s from the service's clock) or
         *     `secret_unavailable` (the connector's stored secret cannot be decrypted with the
         *     configured keys, so nothing can be verified: the sender is not at fault; the
         *     connector's owner must rotate its secret, or the operator restore the key);
         *     `details.scheme` the convention the headers used. The attempt is recorded as
         *     `rejected`, without its payload.
         */
        InvalidSignature: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "INVALID_SIGNATURE",
                 *         "message": "Signature check failed: X-Webhook-Timestamp is 301 s in the past; at most 300 s either way is accepted.",
                 *         "details": {
                 *           "check": "timestamp_out_of_tolerance",
                 *           "scheme": "x-webhook"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "INVALID_SIGNATURE";
                        details: {
                            /** @enum {string} */
                            check: "missing_signature" | "missing_id" | "missing_timestamp" | "invalid_timestamp" | "malformed_signature" | "signature_mismatch" | "timestamp_out_of_tolerance" | "secret_unavailable";
                            /** @enum {string|null} */
                            scheme: "x-webhook" | "standard-webhooks" | null;
                        };
                    };
                };
            };
        };
        /**
         * @description The request is authentic but its body is not usable: `INVALID_JSON` (not UTF-8 JSON) or
         *     `VALIDATION_ERROR` (not a JSON object, arrays and objects nested more than 64 levels
         *     deep, or an event id that is not 1-255 visible ASCII characters; `details.issues` says
         *     which). Recorded as `rejected`, without the payload.
         */
        WebhookBadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "The webhook body must be a JSON object.",
                 *         "details": {
                 *           "issues": [
                 *             {
                 *               "path": "body",
                 *               "message": "must be a JSON object"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "VALIDATION_ERROR";
                        details: components["schemas"]["ValidationErrorDetails"];
                    }) | (components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "INVALID_JSON";
                    });
                };
            };
        };
        /**
         * @description `RATE_LIMITED`: the connector's workspace already has its limit of deliveries in
         *     progress (`WEBHOOK_CONCURRENCY_PER_WORKSPACE`, 10 by default; `details.limit`). Retry
         *     after `Retry-After` seconds. Other workspaces are not affected. Not recorded.
         */
        WebhookBusy: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "RATE_LIMITED",
                 *         "message": "This workspace already has 10 webhook deliveries in progress (its limit); retry in 1 s.",
                 *         "details": {
                 *           "limit": 10,
                 *           "retryAfterSeconds": 1
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "RATE_LIMITED";
                        details: {
                            limit: number;
                            retryAfterSeconds: number;
                        };
                    };
                };
            };
        };
        /**
         * @description `SERVICE_UNAVAILABLE`: ingesting the event took longer than the processing bound
         *     (`WEBHOOK_PROCESSING_TIMEOUT_MS`, 30 s by default). The event is `failed` with the
         *     reason; resend it (the same event id is accepted again after a failure) or replay it.
         */
        WebhookProcessingFailed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "SERVICE_UNAVAILABLE",
                 *         "message": "Event evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c failed: processing exceeded the 30000 ms bound.",
                 *         "details": {
                 *           "eventId": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c",
                 *           "status": "failed",
                 *           "reason": "processing exceeded the 30000 ms bound"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "SERVICE_UNAVAILABLE";
                        details: {
                            eventId: string;
                            status: components["schemas"]["WebhookEventStatus"];
                            reason: string;
                        };
                    };
                };
            };
        };
        /**
         * @description `CONFLICT`: the event's node breaks the workspace's ontology types (the connector's
         *     entity type requires a property events do not have, for example). The event is kept
         *     `failed` with the violation as its reason; sending it again fails the same way until
         *     the type changes, then replay it.
         */
        WebhookOntologyConflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CONFLICT",
                 *         "message": "Event evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c failed: ingestion failed: The record does not fit its type: payload.properties.customer: is required. It is kept as failed; replay it once the ontology allows it.",
                 *         "details": {
                 *           "eventId": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c",
                 *           "status": "failed",
                 *           "reason": "ingestion failed: The record does not fit its type: payload.properties.customer: is required."
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "CONFLICT";
                        details: {
                            eventId: string;
                            status: components["schemas"]["WebhookEventStatus"];
                            reason: string;
                        };
                    };
                };
            };
        };
        /**
         * @description `CONFLICT`: only `failed` events can be replayed (`details.status` is the event's), and
         *     not once another event holds the same delivery (`details.supersededBy`: the sender's
         *     retry got through), nor one whose stored payload nests more than 64 levels deep (stored
         *     before that limit; it stays `failed`). A replay whose node still breaks the workspace's
         *     ontology types stays `failed` too, with the violation as `details.reason`.
         */
        EventNotReplayable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": {
                 *         "code": "CONFLICT",
                 *         "message": "Event evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c is processed; only failed events can be replayed.",
                 *         "details": {
                 *           "eventId": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c",
                 *           "status": "processed"
                 *         }
                 *       },
                 *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"] & {
                    error?: components["schemas"]["ErrorBody"] & {
                        /** @constant */
                        code?: "CONFLICT";
                        details: {
                            eventId: string;
                            status: components["schemas"]["WebhookEventStatus"];
                            supersededBy?: string;
                            reason?: string;
                        };
                    };
                };
            };
        };
    };
    parameters: {
        /**
         * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
         *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
         * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
         */
        WorkspaceId: string;
        /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
        Limit: number;
        /** @description Number of items to skip. */
        Offset: number;
        /** @description Number of items to skip. An offset walks every skipped record, so a deep one is slow (offset 900,000 of a million nodes takes a fraction of a second); on the embedded store offsets past 10,000 are read in a separate thread and do not delay other requests. `cursor` reaches any depth for the cost of the first page. Not with `cursor`. */
        ListOffset: number;
        /**
         * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
         * @example Pump
         */
        TypeNameParam: components["schemas"]["TypeName"];
        /**
         * @description `true` (the default): refuse the change with `409 CONFLICT` when records already in the
         *     workspace break it. `false`: apply it to writes from now on and leave those records as
         *     they are (they must conform when next changed). Exactly `true` or `false`; any other
         *     value is a `400`.
         */
        ValidateExisting: boolean;
        /**
         * @description The key's id (`key_...`).
         * @example key_Yc4mX0nq7hV2pL9sTz1B
         */
        ApiKeyId: string;
        /**
         * @description The node's id (a UUID, or the id the client chose when creating it).
         * @example pump-1
         */
        NodeId: string;
        /**
         * @description The edge's id (a UUID, or the id the client chose when creating it).
         * @example 9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d
         */
        EdgeId: string;
        /**
         * @description Keyset paging: the `meta.nextCursor` of the previous page, with the same filter and
         *     sort. Not with `offset` (`400 VALIDATION_ERROR`). An altered cursor, or one of another
         *     filter or sort, is a `400 INVALID_CURSOR`.
         */
        Cursor: string;
        /** @description `false` skips counting the matching items: `meta.total` is null. Counting a filtered list is the expensive part of a page. Exactly `true` or `false`; any other value is a `400`. */
        Count: boolean;
        /**
         * @description Conditions `filter[<field>]=<value>` (eq) and `filter[<field>][<op>]=<value>`, ANDed.
         *     Values are inferred per field: for properties `true`/`false` are booleans, JSON numbers
         *     are numbers, anything else is a string; `"..."` (JSON-quoted) is always a string.
         *     `in`/`nin` take comma-separated values or a JSON array. `createdAt`/`updatedAt` take
         *     ISO-8601 dates or date-times with a zone, to the millisecond at most (a finer one is a
         *     `400`). Percent escapes must decode to UTF-8, and a string may not spell an unpaired
         *     surrogate (`"\ud800"`): both are a `400`.
         */
        NodeFilterConditions: {
            [key: string]: unknown;
        };
        /** @description Conditions on edges, as for nodes (`filter[properties.flow][gte]=2.5`, `filter[nodeId][in]=a,b`). */
        EdgeFilterConditions: {
            [key: string]: unknown;
        };
        /**
         * @description A JSON filter tree (at most 8192 characters): `{"and": [...]}`, `{"or": [...]}` or a
         *     condition `{"field": "properties.rpm", "op": "gt", "value": 1000}`, values with their
         *     JSON types. Malformed JSON is a `400 VALIDATION_ERROR` naming `query.where`.
         * @example {"or":[{"field":"properties.site","op":"in","value":["a","b"]},{"field":"version","op":"gte","value":3}]}
         */
        Where: string;
        /**
         * @description Only nodes of this entity type.
         * @example Sensor
         */
        EntityTypeFilter: components["schemas"]["TypeName"];
        /**
         * @description Only nodes with exactly this name.
         * @example Boiler temperature
         */
        NameFilter: string;
        /**
         * @description Comma-separated sort fields, each optionally prefixed with `-` for descending:
         *     `createdAt`, `updatedAt`, `name`, `entityType`. Ties are broken by `id` in the direction
         *     of the last field; without `sort` the order is by `id` ascending. Any other field, a repeated field or an empty entry (`sort=name,`) is a `400`; `sort=` alone is the same as no `sort`.
         * @example -updatedAt,name
         */
        NodeSort: string;
        /**
         * @description Only edges of this relationship type.
         * @example FEEDS
         */
        EdgeTypeFilter: components["schemas"]["TypeName"];
        /**
         * @description Only edges leaving this node.
         * @example pump-1
         */
        SourceIdFilter: string;
        /**
         * @description Only edges arriving at this node.
         * @example tank-1
         */
        TargetIdFilter: string;
        /**
         * @description Only edges with this node at either end.
         * @example pump-1
         */
        NodeIdFilter: string;
        /**
         * @description Comma-separated sort fields, each optionally prefixed with `-` for descending:
         *     `createdAt`, `updatedAt`, `type`. Ties are broken by `id` in the direction of the last
         *     field; without `sort` the order is by `id` ascending. Any other field, a repeated field or an empty entry (`sort=name,`) is a `400`; `sort=` alone is the same as no `sort`.
         * @example -type,createdAt
         */
        EdgeSort: string;
        /**
         * @description How many hops to follow from the node, 1 to 3.
         * @example 2
         */
        Depth: 1 | 2 | 3;
        /**
         * @description Which edges to follow: `out` (from source to target), `in` (backwards) or `both`.
         * @example out
         */
        Direction: "out" | "in" | "both";
        /**
         * @description Follow only edges of these relationship types, comma-separated. Omitted or empty, every type is followed.
         * @example FEEDS,OWNS
         */
        EdgeTypesFilter: string;
        /**
         * @description Makes a retry safe: 1 to 255 printable ASCII characters without spaces (a UUID is a good
         *     choice), remembered per actor and workspace for 24 hours. The same key with the same
         *     request replays the first response without executing again; with a different request
         *     it is `422 IDEMPOTENCY_KEY_REUSED`. A malformed key is a `400`.
         * @example 7d0c5a3e-2f4b-4c1d-9e8a-6b5f4c3d2e1a
         */
        IdempotencyKey: string;
        /** @description Events after this cursor (the `seq` of an event); from the oldest retained when absent. */
        EventsAfter: components["schemas"]["EventCursor"];
        /** @description Only these event types, comma-separated (`node.created,node.deleted`). */
        EventTypes: string;
        /** @description Only events about records of this type (an entity or relationship type; a node that changed type counts under both). */
        EventEntityType: string;
        /** @description The subscription's id (`sub_...`). */
        SubscriptionId: string;
        /**
         * @description The connector's id (`con_...`).
         * @example con_mVc977wuslpXlTFWQlxA
         */
        ConnectorId: string;
        /**
         * @description The event's id (`evt_...`), as reception answered it and the event list shows it.
         * @example evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c
         */
        EventId: string;
        /**
         * @description The connector's `endpointId` (`ep_...`), the last segment of its `receptionUrl`.
         * @example ep_Kt2k9e873OV_Elrdgmt4FLrzcbUGipvT
         */
        EndpointId: string;
        /**
         * @description Only events with this status.
         * @example failed
         */
        EventStatusFilter: components["schemas"]["WebhookEventStatus"];
        /**
         * @description The source's id (a UUID).
         * @example 0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59
         */
        LiveDataSourceId: string;
        /**
         * @description The client's `client_id`.
         * @example cli_Yc4mX0nq7hV2pL9sTz1B
         */
        OAuthClientId: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's identifier, the same as `requestId` in the envelope. Quote it when reporting a problem. */
        XRequestId: components["schemas"]["RequestId"];
        /** @description Requests allowed in the current minute window for the workspace's plan. */
        XRateLimitLimit: number;
        /** @description Requests left before a limit is hit; the smaller of the minute and day windows' remainders. */
        XRateLimitRemaining: number;
        /** @description When the current minute window resets, in Unix epoch seconds. */
        XRateLimitReset: number;
        /** @description Both windows, as IETF RateLimit-Policy fields, e.g. `"minute";q=60;w=60, "day";q=10000;w=86400`. */
        RateLimitPolicy: string;
        /** @description The window closest to its limit, as an IETF RateLimit field: remaining requests `r` and seconds to reset `t`, e.g. `"minute";r=59;t=42`. */
        RateLimit: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description The Bearer challenge of RFC 6750, e.g. `Bearer realm="api", error="invalid_token"`. */
        WwwAuthenticate: string;
        /** @description On `INSUFFICIENT_SCOPE`: `Bearer realm="api", error="insufficient_scope", scope="<scope>"` (RFC 6750). */
        WwwAuthenticateScope: string;
        /** @description Path of the created resource. */
        Location: string;
        /** @description `no-store`: the response holds a secret and must not be cached. */
        CacheControlNoStore: "no-store";
        /**
         * @description Sent when the request carried an `Idempotency-Key`: `true` when this response replays the
         *     first response for that key (nothing was executed), `false` when the command ran now.
         */
        IdempotentReplayed: "true" | "false";
        /**
         * @description Where the browser goes next: the application's redirect URI with `code`, `state` and
         *     `iss`, or with `error`, `error_description`, `state` and `iss`; or (after sign-in) the
         *     consent page, relative to the current one.
         */
        OAuthRedirectLocation: string;
        /** @description `no-cache`, for HTTP/1.0 caches (RFC 6749 section 5.1). */
        PragmaNoCache: "no-cache";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "status": "ok"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["HealthStatus"];
                    };
                };
            };
            400: components["responses"]["MalformedRequest"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every store answered. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "status": "ready",
                     *         "checks": {
                     *           "sqlite": "up"
                     *         }
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["ReadinessStatus"];
                    };
                };
            };
            400: components["responses"]["MalformedRequest"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["NotReady"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current metrics. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP http_requests_total HTTP requests by method, route template and status.
                     *     # TYPE http_requests_total counter
                     *     http_requests_total{method="GET",route="/api/me",status="200"} 42
                     */
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthenticated"];
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            400: components["responses"]["MalformedRequest"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["MalformedRequest"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getCypherExplorer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /**
                     * @description Scripts, styles, images and requests from this origin only; the page's one
                     *     inline script (its import map) is allowed by its hash.
                     */
                    "Content-Security-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["MalformedRequest"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getCypherExplorerAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                    "text/css": string;
                };
            };
            /** @description `NOT_FOUND`: the explorer has no file of this name. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "kind": "api_key",
                     *         "actorId": "key_Yc4mX0nq7hV2pL9sTz1B",
                     *         "credentialId": "key_Yc4mX0nq7hV2pL9sTz1B",
                     *         "name": "deploy script",
                     *         "homeWorkspaceId": "6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34",
                     *         "workspaces": [
                     *           {
                     *             "id": "6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34",
                     *             "scopes": [
                     *               "read:nodes",
                     *               "write:nodes"
                     *             ]
                     *           }
                     *         ]
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Me"];
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWorkspaces: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of workspaces. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34",
                     *           "name": "Default workspace",
                     *           "plan": "starter",
                     *           "limits": null,
                     *           "createdAt": "2026-01-15T12:00:00.000Z",
                     *           "scopes": [
                     *             "read:nodes",
                     *             "write:nodes",
                     *             "admin"
                     *           ]
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "limit": 50,
                     *         "offset": 0
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["Workspace"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "key_Yc4mX0nq7hV2pL9sTz1B",
                     *           "name": "nightly import",
                     *           "prefix": "wos_q8ZbN2kd",
                     *           "workspaceId": "6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34",
                     *           "scopes": [
                     *             "read:nodes",
                     *             "write:nodes"
                     *           ],
                     *           "createdAt": "2026-01-15T12:00:00.000Z",
                     *           "expiresAt": null,
                     *           "revokedAt": null,
                     *           "createdBy": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "limit": 50,
                     *         "offset": 0
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["ApiKey"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "nightly import",
                 *       "scopes": [
                 *         "read:nodes",
                 *         "write:nodes"
                 *       ],
                 *       "expiresAt": "2027-01-01T00:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyCreateRequest"];
            };
        };
        responses: {
            /** @description The key was created; `data.secret` is its secret, shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "key_Yc4mX0nq7hV2pL9sTz1B",
                     *         "name": "nightly import",
                     *         "prefix": "wos_q8ZbN2kd",
                     *         "workspaceId": "6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34",
                     *         "scopes": [
                     *           "read:nodes",
                     *           "write:nodes"
                     *         ],
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "expiresAt": "2027-01-01T00:00:00.000Z",
                     *         "revokedAt": null,
                     *         "createdBy": "key_Ab3dE5fG7hJ9kL1mN3pQ",
                     *         "secret": "wos_q8ZbN2kdV7tLx0aYcR4mPz9WsB6eH1uJ3nK5oQ2iT8f"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["ApiKeyCreated"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The key's id (`key_...`).
                 * @example key_Yc4mX0nq7hV2pL9sTz1B
                 */
                id: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key (without its secret). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["ApiKey"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The key's id (`key_...`).
                 * @example key_Yc4mX0nq7hV2pL9sTz1B
                 */
                id: components["parameters"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is revoked. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNodes: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. An offset walks every skipped record, so a deep one is slow (offset 900,000 of a million nodes takes a fraction of a second); on the embedded store offsets past 10,000 are read in a separate thread and do not delay other requests. `cursor` reaches any depth for the cost of the first page. Not with `cursor`. */
                offset?: components["parameters"]["ListOffset"];
                /**
                 * @description Keyset paging: the `meta.nextCursor` of the previous page, with the same filter and
                 *     sort. Not with `offset` (`400 VALIDATION_ERROR`). An altered cursor, or one of another
                 *     filter or sort, is a `400 INVALID_CURSOR`.
                 */
                cursor?: components["parameters"]["Cursor"];
                /** @description `false` skips counting the matching items: `meta.total` is null. Counting a filtered list is the expensive part of a page. Exactly `true` or `false`; any other value is a `400`. */
                count?: components["parameters"]["Count"];
                /**
                 * @description Only nodes of this entity type.
                 * @example Sensor
                 */
                entityType?: components["parameters"]["EntityTypeFilter"];
                /**
                 * @description Only nodes with exactly this name.
                 * @example Boiler temperature
                 */
                name?: components["parameters"]["NameFilter"];
                /**
                 * @description Conditions `filter[<field>]=<value>` (eq) and `filter[<field>][<op>]=<value>`, ANDed.
                 *     Values are inferred per field: for properties `true`/`false` are booleans, JSON numbers
                 *     are numbers, anything else is a string; `"..."` (JSON-quoted) is always a string.
                 *     `in`/`nin` take comma-separated values or a JSON array. `createdAt`/`updatedAt` take
                 *     ISO-8601 dates or date-times with a zone, to the millisecond at most (a finer one is a
                 *     `400`). Percent escapes must decode to UTF-8, and a string may not spell an unpaired
                 *     surrogate (`"\ud800"`): both are a `400`.
                 */
                filter?: components["parameters"]["NodeFilterConditions"];
                /**
                 * @description A JSON filter tree (at most 8192 characters): `{"and": [...]}`, `{"or": [...]}` or a
                 *     condition `{"field": "properties.rpm", "op": "gt", "value": 1000}`, values with their
                 *     JSON types. Malformed JSON is a `400 VALIDATION_ERROR` naming `query.where`.
                 * @example {"or":[{"field":"properties.site","op":"in","value":["a","b"]},{"field":"version","op":"gte","value":3}]}
                 */
                where?: components["parameters"]["Where"];
                /**
                 * @description Comma-separated sort fields, each optionally prefixed with `-` for descending:
                 *     `createdAt`, `updatedAt`, `name`, `entityType`. Ties are broken by `id` in the direction
                 *     of the last field; without `sort` the order is by `id` ascending. Any other field, a repeated field or an empty entry (`sort=name,`) is a `400`; `sort=` alone is the same as no `sort`.
                 * @example -updatedAt,name
                 */
                sort?: components["parameters"]["NodeSort"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of nodes. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "3b2f6c1e-4a5d-4e8f-9b0a-1c2d3e4f5a6b",
                     *           "entityType": "Sensor",
                     *           "name": "Boiler temperature",
                     *           "properties": {
                     *             "unit": "C",
                     *             "floor": 2,
                     *             "tags": [
                     *               "heating",
                     *               "basement"
                     *             ]
                     *           },
                     *           "version": 3,
                     *           "createdAt": "2026-01-15T12:00:00.000Z",
                     *           "updatedAt": "2026-01-16T08:30:00.000Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "limit": 50,
                     *         "offset": 0,
                     *         "nextCursor": null
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["GraphListEnvelope"] & {
                        data?: components["schemas"]["Node"][];
                    };
                };
            };
            400: components["responses"]["BadListRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNode: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The node's id (a UUID, or the id the client chose when creating it).
                 * @example pump-1
                 */
                id: components["parameters"]["NodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The node. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "3b2f6c1e-4a5d-4e8f-9b0a-1c2d3e4f5a6b",
                     *         "entityType": "Sensor",
                     *         "name": "Boiler temperature",
                     *         "properties": {
                     *           "unit": "C",
                     *           "floor": 2,
                     *           "tags": [
                     *             "heating",
                     *             "basement"
                     *           ]
                     *         },
                     *         "version": 3,
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-16T08:30:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Node"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["RecordNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNodeNeighbors: {
        parameters: {
            query?: {
                /**
                 * @description How many hops to follow from the node, 1 to 3.
                 * @example 2
                 */
                depth?: components["parameters"]["Depth"];
                /**
                 * @description Which edges to follow: `out` (from source to target), `in` (backwards) or `both`.
                 * @example out
                 */
                direction?: components["parameters"]["Direction"];
                /**
                 * @description Follow only edges of these relationship types, comma-separated. Omitted or empty, every type is followed.
                 * @example FEEDS,OWNS
                 */
                type?: components["parameters"]["EdgeTypesFilter"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The node's id (a UUID, or the id the client chose when creating it).
                 * @example pump-1
                 */
                id: components["parameters"]["NodeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The neighbourhood, with how it was computed in `meta`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "nodes": [
                     *           {
                     *             "id": "pump-1",
                     *             "entityType": "Pump",
                     *             "name": "Feed pump",
                     *             "properties": {},
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           },
                     *           {
                     *             "id": "tank-1",
                     *             "entityType": "Tank",
                     *             "name": "Day tank",
                     *             "properties": {
                     *               "capacityLitres": 500
                     *             },
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           }
                     *         ],
                     *         "edges": [
                     *           {
                     *             "id": "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *             "type": "FEEDS",
                     *             "sourceId": "pump-1",
                     *             "targetId": "tank-1",
                     *             "properties": {
                     *               "since": "2020"
                     *             },
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "depth": 1,
                     *         "direction": "out",
                     *         "types": [
                     *           "FEEDS"
                     *         ],
                     *         "maxNodes": 500,
                     *         "nodeCount": 2,
                     *         "edgeCount": 1,
                     *         "truncated": false
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["NeighborhoodEnvelope"];
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["RecordNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    runCypher: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "MATCH (p:Pump)-[f:FEEDS]->(t:Tank) WHERE p.rpm > $minRpm RETURN p.name AS pump, t.name AS tank, f.since AS since ORDER BY pump",
                 *       "parameters": {
                 *         "minRpm": 1000
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CypherRequest"];
            };
        };
        responses: {
            /** @description The result columns and rows, with the row count, whether the row limit cut them, and the time taken. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "columns": [
                     *           "pump",
                     *           "tank",
                     *           "since"
                     *         ],
                     *         "rows": [
                     *           [
                     *             "Feed pump",
                     *             "Day tank",
                     *             "2020"
                     *           ]
                     *         ]
                     *       },
                     *       "meta": {
                     *         "rowCount": 1,
                     *         "truncated": false,
                     *         "elapsedMs": 2.4
                     *       },
                     *       "requestId": "req_3kT9xQmZ0aB7cD2eF4gH"
                     *     }
                     */
                    "application/json": components["schemas"]["CypherEnvelope"];
                };
            };
            400: components["responses"]["BadCypherRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEdges: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. An offset walks every skipped record, so a deep one is slow (offset 900,000 of a million nodes takes a fraction of a second); on the embedded store offsets past 10,000 are read in a separate thread and do not delay other requests. `cursor` reaches any depth for the cost of the first page. Not with `cursor`. */
                offset?: components["parameters"]["ListOffset"];
                /**
                 * @description Keyset paging: the `meta.nextCursor` of the previous page, with the same filter and
                 *     sort. Not with `offset` (`400 VALIDATION_ERROR`). An altered cursor, or one of another
                 *     filter or sort, is a `400 INVALID_CURSOR`.
                 */
                cursor?: components["parameters"]["Cursor"];
                /** @description `false` skips counting the matching items: `meta.total` is null. Counting a filtered list is the expensive part of a page. Exactly `true` or `false`; any other value is a `400`. */
                count?: components["parameters"]["Count"];
                /** @description Conditions on edges, as for nodes (`filter[properties.flow][gte]=2.5`, `filter[nodeId][in]=a,b`). */
                filter?: components["parameters"]["EdgeFilterConditions"];
                /**
                 * @description A JSON filter tree (at most 8192 characters): `{"and": [...]}`, `{"or": [...]}` or a
                 *     condition `{"field": "properties.rpm", "op": "gt", "value": 1000}`, values with their
                 *     JSON types. Malformed JSON is a `400 VALIDATION_ERROR` naming `query.where`.
                 * @example {"or":[{"field":"properties.site","op":"in","value":["a","b"]},{"field":"version","op":"gte","value":3}]}
                 */
                where?: components["parameters"]["Where"];
                /**
                 * @description Only edges of this relationship type.
                 * @example FEEDS
                 */
                type?: components["parameters"]["EdgeTypeFilter"];
                /**
                 * @description Only edges leaving this node.
                 * @example pump-1
                 */
                sourceId?: components["parameters"]["SourceIdFilter"];
                /**
                 * @description Only edges arriving at this node.
                 * @example tank-1
                 */
                targetId?: components["parameters"]["TargetIdFilter"];
                /**
                 * @description Only edges with this node at either end.
                 * @example pump-1
                 */
                nodeId?: components["parameters"]["NodeIdFilter"];
                /**
                 * @description Comma-separated sort fields, each optionally prefixed with `-` for descending:
                 *     `createdAt`, `updatedAt`, `type`. Ties are broken by `id` in the direction of the last
                 *     field; without `sort` the order is by `id` ascending. Any other field, a repeated field or an empty entry (`sort=name,`) is a `400`; `sort=` alone is the same as no `sort`.
                 * @example -type,createdAt
                 */
                sort?: components["parameters"]["EdgeSort"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of edges. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *           "type": "FEEDS",
                     *           "sourceId": "pump-1",
                     *           "targetId": "tank-1",
                     *           "properties": {
                     *             "since": "2020"
                     *           },
                     *           "version": 1,
                     *           "createdAt": "2026-01-15T12:00:00.000Z",
                     *           "updatedAt": "2026-01-15T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "limit": 50,
                     *         "offset": 0,
                     *         "nextCursor": null
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["GraphListEnvelope"] & {
                        data?: components["schemas"]["Edge"][];
                    };
                };
            };
            400: components["responses"]["BadListRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEdge: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The edge's id (a UUID, or the id the client chose when creating it).
                 * @example 9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d
                 */
                id: components["parameters"]["EdgeId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The edge. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *         "type": "FEEDS",
                     *         "sourceId": "pump-1",
                     *         "targetId": "tank-1",
                     *         "properties": {
                     *           "since": "2020"
                     *         },
                     *         "version": 1,
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Edge"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["RecordNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOntology: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ontology. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "settings": {
                     *           "strictOntology": true,
                     *           "revision": 3,
                     *           "updatedAt": "2026-01-15T12:00:00.000Z"
                     *         },
                     *         "entityTypes": [
                     *           {
                     *             "name": "Pump",
                     *             "properties": {
                     *               "serial": {
                     *                 "type": "string",
                     *                 "required": true,
                     *                 "unique": true
                     *               },
                     *               "rpm": {
                     *                 "type": "integer",
                     *                 "min": 0
                     *               }
                     *             },
                     *             "additionalProperties": false,
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           },
                     *           {
                     *             "name": "Tank",
                     *             "properties": {
                     *               "capacity": {
                     *                 "type": "number",
                     *                 "min": 0
                     *               }
                     *             },
                     *             "additionalProperties": true,
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           }
                     *         ],
                     *         "relationshipTypes": [
                     *           {
                     *             "name": "FEEDS",
                     *             "source": [
                     *               "Pump"
                     *             ],
                     *             "target": [
                     *               "Tank"
                     *             ],
                     *             "cardinality": {
                     *               "source": "one",
                     *               "target": "many"
                     *             },
                     *             "properties": {},
                     *             "additionalProperties": false,
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           }
                     *         ]
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Ontology"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOntologySettings: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "strictOntology": true,
                     *         "revision": 4,
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["OntologySettings"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putOntologySettings: {
        parameters: {
            query?: {
                /**
                 * @description `true` (the default): refuse the change with `409 CONFLICT` when records already in the
                 *     workspace break it. `false`: apply it to writes from now on and leave those records as
                 *     they are (they must conform when next changed). Exactly `true` or `false`; any other
                 *     value is a `400`.
                 */
                validateExisting?: components["parameters"]["ValidateExisting"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "strictOntology": true
                 *     }
                 */
                "application/json": components["schemas"]["OntologySettingsInput"];
            };
        };
        responses: {
            /** @description The settings now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "strictOntology": true,
                     *         "revision": 4,
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["OntologySettings"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["OntologyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEntityTypes: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entity types. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["EntityType"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEntityType: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entity type. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "Pump",
                     *         "description": "A centrifugal pump of the plant",
                     *         "titleProperty": "serial",
                     *         "properties": {
                     *           "serial": {
                     *             "type": "string",
                     *             "required": true,
                     *             "unique": true,
                     *             "pattern": "P-[0-9]{4}"
                     *           },
                     *           "rpm": {
                     *             "type": "integer",
                     *             "min": 0,
                     *             "max": 6000
                     *           },
                     *           "status": {
                     *             "type": "string",
                     *             "enum": [
                     *               "running",
                     *               "stopped",
                     *               "maintenance"
                     *             ]
                     *           },
                     *           "commissioned": {
                     *             "type": "date"
                     *           }
                     *         },
                     *         "additionalProperties": false,
                     *         "version": 1,
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EntityType"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putEntityType: {
        parameters: {
            query?: {
                /**
                 * @description `true` (the default): refuse the change with `409 CONFLICT` when records already in the
                 *     workspace break it. `false`: apply it to writes from now on and leave those records as
                 *     they are (they must conform when next changed). Exactly `true` or `false`; any other
                 *     value is a `400`.
                 */
                validateExisting?: components["parameters"]["ValidateExisting"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EntityTypeDefinition"];
            };
        };
        responses: {
            /** @description The entity type was changed (or was already exactly this). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EntityType"];
                    };
                };
            };
            /** @description The entity type was created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "Pump",
                     *         "description": "A centrifugal pump of the plant",
                     *         "titleProperty": "serial",
                     *         "properties": {
                     *           "serial": {
                     *             "type": "string",
                     *             "required": true,
                     *             "unique": true,
                     *             "pattern": "P-[0-9]{4}"
                     *           },
                     *           "rpm": {
                     *             "type": "integer",
                     *             "min": 0,
                     *             "max": 6000
                     *           },
                     *           "status": {
                     *             "type": "string",
                     *             "enum": [
                     *               "running",
                     *               "stopped",
                     *               "maintenance"
                     *             ]
                     *           },
                     *           "commissioned": {
                     *             "type": "date"
                     *           }
                     *         },
                     *         "additionalProperties": false,
                     *         "version": 1,
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EntityType"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["OntologyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteEntityType: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type was deleted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["DeletedType"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OntologyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRelationshipTypes: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of relationship types. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["RelationshipType"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRelationshipType: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The relationship type. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "FEEDS",
                     *         "description": "A pump feeds a tank",
                     *         "source": [
                     *           "Pump"
                     *         ],
                     *         "target": [
                     *           "Tank"
                     *         ],
                     *         "cardinality": {
                     *           "source": "one",
                     *           "target": "many"
                     *         },
                     *         "properties": {
                     *           "flow": {
                     *             "type": "number",
                     *             "min": 0,
                     *             "description": "m3/h"
                     *           }
                     *         },
                     *         "additionalProperties": false,
                     *         "version": 1,
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["RelationshipType"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putRelationshipType: {
        parameters: {
            query?: {
                /**
                 * @description `true` (the default): refuse the change with `409 CONFLICT` when records already in the
                 *     workspace break it. `false`: apply it to writes from now on and leave those records as
                 *     they are (they must conform when next changed). Exactly `true` or `false`; any other
                 *     value is a `400`.
                 */
                validateExisting?: components["parameters"]["ValidateExisting"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RelationshipTypeDefinition"];
            };
        };
        responses: {
            /** @description The relationship type was changed (or was already exactly this). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["RelationshipType"];
                    };
                };
            };
            /** @description The relationship type was created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "FEEDS",
                     *         "description": "A pump feeds a tank",
                     *         "source": [
                     *           "Pump"
                     *         ],
                     *         "target": [
                     *           "Tank"
                     *         ],
                     *         "cardinality": {
                     *           "source": "one",
                     *           "target": "many"
                     *         },
                     *         "properties": {
                     *           "flow": {
                     *             "type": "number",
                     *             "min": 0,
                     *             "description": "m3/h"
                     *           }
                     *         },
                     *         "additionalProperties": false,
                     *         "version": 1,
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-15T12:00:00.000Z"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["RelationshipType"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["OntologyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteRelationshipType: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The type's name (the `entityType` of its nodes, or the `type` of its edges).
                 * @example Pump
                 */
                name: components["parameters"]["TypeNameParam"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The type was deleted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["DeletedType"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OntologyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executeCommand: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
                /**
                 * @description Makes a retry safe: 1 to 255 printable ASCII characters without spaces (a UUID is a good
                 *     choice), remembered per actor and workspace for 24 hours. The same key with the same
                 *     request replays the first response without executing again; with a different request
                 *     it is `422 IDEMPOTENCY_KEY_REUSED`. A malformed key is a `400`.
                 * @example 7d0c5a3e-2f4b-4c1d-9e8a-6b5f4c3d2e1a
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommandRequest"];
            };
        };
        responses: {
            /**
             * @description `UPDATE_NODE`, `DELETE_NODE`, `DELETE_EDGE`, `UNDO` or `REDO` was applied (or, with an
             *     `Idempotency-Key`, an earlier one is replayed).
             */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["CommandOutcome200"];
                    };
                };
            };
            /**
             * @description `CREATE_NODE` or `CREATE_EDGE` created a record, returned in `result` (or, with an
             *     `Idempotency-Key`, an earlier creation is replayed).
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["CommandOutcome201"];
                    };
                };
            };
            400: components["responses"]["BadCommandRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["CommandRecordNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["CommandConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executeCommandBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
                /**
                 * @description Makes a retry safe: 1 to 255 printable ASCII characters without spaces (a UUID is a good
                 *     choice), remembered per actor and workspace for 24 hours. The same key with the same
                 *     request replays the first response without executing again; with a different request
                 *     it is `422 IDEMPOTENCY_KEY_REUSED`. A malformed key is a `400`.
                 * @example 7d0c5a3e-2f4b-4c1d-9e8a-6b5f4c3d2e1a
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchRequest"];
            };
        };
        responses: {
            /**
             * @description Every command was applied and none created a record (or, with an
             *     `Idempotency-Key`, an earlier batch is replayed).
             */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["BatchOutcome"];
                    };
                };
            };
            /**
             * @description Every command was applied and at least one created a record (or, with an
             *     `Idempotency-Key`, an earlier batch is replayed).
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "batchId": "0196f0c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
                     *         "results": [
                     *           {
                     *             "index": 0,
                     *             "type": "CREATE_NODE",
                     *             "result": {
                     *               "id": "0196f0c0-1a2b-7c3d-8e4f-000000000001",
                     *               "entityType": "Pump",
                     *               "name": "Feed pump",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             }
                     *           },
                     *           {
                     *             "index": 1,
                     *             "type": "CREATE_NODE",
                     *             "result": {
                     *               "id": "tank-1",
                     *               "entityType": "Tank",
                     *               "name": "Day tank",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             }
                     *           },
                     *           {
                     *             "index": 2,
                     *             "type": "CREATE_EDGE",
                     *             "result": {
                     *               "id": "0196f0c0-1a2b-7c3d-8e4f-000000000002",
                     *               "type": "FEEDS",
                     *               "sourceId": "0196f0c0-1a2b-7c3d-8e4f-000000000001",
                     *               "targetId": "tank-1",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             }
                     *           }
                     *         ]
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["BatchOutcome"];
                    };
                };
            };
            400: components["responses"]["BadBatchRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["BatchForbidden"];
            404: components["responses"]["BatchRecordNotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["BatchConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listImports: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of imports. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["Import"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startImport: {
        parameters: {
            query?: {
                /**
                 * @description `false`: write the records as the upload has them, even those that break their
                 *     type (only the unique index holds); needs `write:ontology` as well, else 403
                 *     `INSUFFICIENT_SCOPE` before any of the upload is read. Default `true`. Any other
                 *     query parameter is a 400.
                 */
                validateRecords?: boolean;
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
                /** @description How the upload is compressed, if it is. */
                "Content-Encoding"?: "identity" | "gzip" | "deflate" | "br";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {"kind":"workspace","format":"workspace-ontology-export","version":1,"exportedAt":"2026-01-15T12:00:00.000Z","workspace":{"id":"6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6071","name":"Plant","plan":"starter","limits":null,"createdAt":"2026-01-01T00:00:00.000Z"}}
                 *     {"kind":"node","id":"pump-1","entityType":"Pump","name":"Feed pump","properties":{},"version":1,"createdAt":"2026-01-15T12:00:00.000Z","updatedAt":"2026-01-15T12:00:00.000Z"}
                 *     {"kind":"end","nodes":1,"edges":0}
                 */
                "application/x-ndjson": string;
            };
        };
        responses: {
            /**
             * @description The upload was read to its end or to its first problem; `data.status` is
             *     `completed` or `failed`. `Location` is the import's URL.
             */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            /**
             * @description The upload did not progress within `HTTP_BODY_TIMEOUT_MS`: no part of it arrived,
             *     or, compressed, none of what arrived decompressed to more of it (the wait between
             *     two parts is bounded, not the whole upload). The import is recorded as `failed`
             *     ("the upload stalled"), with every record before it kept; `details.importId` names
             *     it. The connection is closed.
             */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["TransferUnavailable"];
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The import's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Import"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportWorkspace: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, one JSON object per line, ending with the `end` line. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /** @description `attachment; filename="workspace-<workspace id>.ndjson"`. */
                    "Content-Disposition"?: string;
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    /** @description `gzip` when the request asked for it in `Accept-Encoding`. */
                    "Content-Encoding"?: string;
                    /** @description `Accept-Encoding`. */
                    Vary?: string;
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {"kind":"workspace","format":"workspace-ontology-export","version":2,"exportedAt":"2026-01-15T12:00:00.000Z","workspace":{"id":"6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6071","name":"Plant","plan":"starter","limits":null,"createdAt":"2026-01-01T00:00:00.000Z"}}
                     *     {"kind":"node","id":"pump-1","entityType":"Pump","name":"Feed pump","properties":{"rpm":1450},"version":1,"createdAt":"2026-01-15T12:00:00.000Z","updatedAt":"2026-01-15T12:00:00.000Z"}
                     *     {"kind":"node","id":"valve-1","entityType":"Valve","name":"Main valve","properties":{},"version":1,"createdAt":"2026-01-15T12:00:00.000Z","updatedAt":"2026-01-15T12:00:00.000Z"}
                     *     {"kind":"edge","id":"0196f0c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f","type":"FEEDS","sourceId":"pump-1","targetId":"valve-1","properties":{},"version":1,"createdAt":"2026-01-15T12:00:00.000Z","updatedAt":"2026-01-15T12:00:00.000Z"}
                     *     {"kind":"end","nodes":2,"edges":1,"types":0}
                     */
                    "application/x-ndjson": string;
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["TransferUnavailable"];
        };
    };
    listLiveDataSources: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Only sources linked to this node. */
                entityId?: string;
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sources. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59",
                     *           "name": "Boiler temperature",
                     *           "unit": "C",
                     *           "description": null,
                     *           "entityId": null,
                     *           "createdAt": "2026-01-15T12:00:00.000Z",
                     *           "lastPointAt": "2026-01-16T08:30:00.000Z",
                     *           "pointCount": 86400
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "limit": 50,
                     *         "offset": 0
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["LiveDataSource"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLiveDataSource: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Boiler temperature",
                 *       "unit": "C",
                 *       "description": "Flow temperature at the boiler outlet",
                 *       "entityId": "pump-1"
                 *     }
                 */
                "application/json": components["schemas"]["LiveDataSourceCreateRequest"];
            };
        };
        responses: {
            /** @description The source was created (no points yet). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59",
                     *         "name": "Boiler temperature",
                     *         "unit": "C",
                     *         "description": "Flow temperature at the boiler outlet",
                     *         "entityId": "pump-1",
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "lastPointAt": null,
                     *         "pointCount": 0
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["LiveDataSource"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getLiveDataSource: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The source's id (a UUID).
                 * @example 0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59
                 */
                id: components["parameters"]["LiveDataSourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source, with its point count and newest point's time. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["LiveDataSource"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    ingestLiveData: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IngestRequest"];
            };
        };
        responses: {
            /** @description Every point was stored; `accepted` counts the points of the request. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "accepted": 2
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["IngestResult"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    queryLiveData: {
        parameters: {
            query: {
                /**
                 * @description One source id, or up to 20 separated by commas.
                 * @example 0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59
                 */
                sourceId: string;
                /**
                 * @description Start of the window (inclusive), ISO-8601 with an offset or epoch ms. Default `to` minus one hour.
                 * @example 2026-01-15T00:00:00Z
                 */
                from?: string;
                /**
                 * @description End of the window (exclusive), ISO-8601 with an offset or epoch ms. Default now.
                 * @example 1768521600000
                 */
                to?: string;
                aggregation?: components["schemas"]["Aggregation"];
                /**
                 * @description Bucket width for aggregations, a whole number and a unit (`ms`, `s`, `m`, `h`, `d`) dividing one day evenly.
                 * @example 1m
                 */
                interval?: string;
                /** @description Raw only. Points per source; default 1,000, values above 10,000 are clamped. */
                limit?: number;
                /** @description Raw only. `asc` returns the oldest points of the window first, `desc` the newest. */
                order?: "asc" | "desc";
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series of the named source (an object), or of each named source (an array). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "sourceId": "0b8f2f7e-3c1a-4f7d-9a55-7d1e2c3b4a59",
                     *         "aggregation": "mean",
                     *         "interval": "1m",
                     *         "from": "2026-01-15T12:00:00.000Z",
                     *         "to": "2026-01-15T12:03:00.000Z",
                     *         "points": [
                     *           {
                     *             "timestamp": "2026-01-15T12:00:00.000Z",
                     *             "value": 71.54
                     *           },
                     *           {
                     *             "timestamp": "2026-01-15T12:02:00.000Z",
                     *             "value": 71.9
                     *           }
                     *         ]
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["LiveDataSeries"] | components["schemas"]["LiveDataSeries"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    semanticSearch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "something that moves water",
                 *       "topK": 5
                 *     }
                 */
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description The hits, best first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "node": {
                     *             "id": "pump-1",
                     *             "entityType": "Pump",
                     *             "name": "Feed pump",
                     *             "properties": {
                     *               "description": "centrifugal pump for the cooling loop"
                     *             },
                     *             "version": 1,
                     *             "createdAt": "2026-01-15T12:00:00.000Z",
                     *             "updatedAt": "2026-01-15T12:00:00.000Z"
                     *           },
                     *           "score": 0.61
                     *         }
                     *       ],
                     *       "meta": {
                     *         "topK": 5,
                     *         "count": 1
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["SearchEnvelope"];
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    hybridSearch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "something that moves water",
                 *       "topK": 5,
                 *       "depth": 1,
                 *       "relationshipTypes": [
                 *         "FEEDS"
                 *       ],
                 *       "fusion": {
                 *         "method": "rrf",
                 *         "k": 60
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HybridSearchRequest"];
            };
        };
        responses: {
            /** @description The nodes reached, best first, and the touched subgraph. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "results": [
                     *           {
                     *             "node": {
                     *               "id": "pump-1",
                     *               "entityType": "Pump",
                     *               "name": "Feed pump",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             },
                     *             "score": 0.0328,
                     *             "vectorScore": 0.61,
                     *             "graphScore": 1,
                     *             "hops": 0,
                     *             "seedId": "pump-1",
                     *             "path": {
                     *               "nodeIds": [
                     *                 "pump-1"
                     *               ],
                     *               "edgeIds": []
                     *             }
                     *           },
                     *           {
                     *             "node": {
                     *               "id": "tank-1",
                     *               "entityType": "Tank",
                     *               "name": "Day tank",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             },
                     *             "score": 0.0161,
                     *             "vectorScore": null,
                     *             "graphScore": 0.5,
                     *             "hops": 1,
                     *             "seedId": "pump-1",
                     *             "path": {
                     *               "nodeIds": [
                     *                 "pump-1",
                     *                 "tank-1"
                     *               ],
                     *               "edgeIds": [
                     *                 "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
                     *               ]
                     *             }
                     *           }
                     *         ],
                     *         "subgraph": {
                     *           "nodes": [
                     *             {
                     *               "id": "pump-1",
                     *               "entityType": "Pump",
                     *               "name": "Feed pump",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             },
                     *             {
                     *               "id": "tank-1",
                     *               "entityType": "Tank",
                     *               "name": "Day tank",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             }
                     *           ],
                     *           "edges": [
                     *             {
                     *               "id": "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *               "type": "FEEDS",
                     *               "sourceId": "pump-1",
                     *               "targetId": "tank-1",
                     *               "properties": {},
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T12:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             }
                     *           ]
                     *         }
                     *       },
                     *       "meta": {
                     *         "topK": 5,
                     *         "depth": 1,
                     *         "relationshipTypes": [
                     *           "FEEDS"
                     *         ],
                     *         "fusion": {
                     *           "method": "rrf",
                     *           "k": 60
                     *         },
                     *         "count": 2,
                     *         "seedCount": 1,
                     *         "reachedCount": 2,
                     *         "maxNodes": 500,
                     *         "truncated": false
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["HybridSearchEnvelope"];
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSearchIndexStatus: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The index status of the workspace. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "state": "ready",
                     *         "backend": "sqlite-vec",
                     *         "embedder": "use-lite",
                     *         "dimensions": 512,
                     *         "indexed": 1204,
                     *         "pending": 0,
                     *         "lastIndexedAt": "2026-01-15T12:00:01.250Z",
                     *         "lastError": null,
                     *         "approximate": {
                     *           "mode": "ready",
                     *           "points": 1204,
                     *           "backlog": 0
                     *         }
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["IndexStatusEnvelope"];
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listConnectors: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of connectors. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["Connector"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createConnector: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "Webhook",
                 *       "name": "Stripe payments",
                 *       "entityType": "PaymentEvent"
                 *     }
                 */
                "application/json": components["schemas"]["ConnectorCreateRequest"];
            };
        };
        responses: {
            /** @description The connector was created; `data.secret` is its signing secret, shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "con_mVc977wuslpXlTFWQlxA",
                     *         "type": "Webhook",
                     *         "name": "Stripe payments",
                     *         "entityType": "PaymentEvent",
                     *         "endpointId": "ep_Kt2k9e873OV_Elrdgmt4FLrzcbUGipvT",
                     *         "receptionUrl": "https://ontology.example.com/api/webhooks/ep_Kt2k9e873OV_Elrdgmt4FLrzcbUGipvT",
                     *         "nodeId": "con_mVc977wuslpXlTFWQlxA",
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "updatedAt": "2026-01-15T12:00:00.000Z",
                     *         "secretRotatedAt": null,
                     *         "previousSecretExpiresAt": null,
                     *         "secret": "whsec_7y1cMA023VJY3lttj6AKvEURdyJJfFvWcvxSvbrz+mI="
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["ConnectorWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getConnector: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["Connector"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteConnector: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector is deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateConnectorSecret: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "gracePeriodSeconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateSecretRequest"];
            };
        };
        responses: {
            /** @description The new secret, shown this once, and the connector. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["ConnectorWithSecret"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listConnectorEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events with this status.
                 * @example failed
                 */
                status?: components["parameters"]["EventStatusFilter"];
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c",
                     *           "connectorId": "con_mVc977wuslpXlTFWQlxA",
                     *           "status": "processed",
                     *           "scheme": "x-webhook",
                     *           "deliveryId": "evt-001",
                     *           "signedAt": "2026-01-15T12:00:00.000Z",
                     *           "receivedAt": "2026-01-15T12:00:00.620Z",
                     *           "updatedAt": "2026-01-15T12:00:00.628Z",
                     *           "processedAt": "2026-01-15T12:00:00.628Z",
                     *           "attempts": 1,
                     *           "nodeId": "019bc1d2-3f4a-7b21-9c3e-5d6f7a8b9c0d",
                     *           "duplicateOf": null,
                     *           "failureReason": null,
                     *           "payloadBytes": 58
                     *         }
                     *       ],
                     *       "meta": {
                     *         "total": 1,
                     *         "limit": 50,
                     *         "offset": 0
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["WebhookEvent"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getConnectorEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
                /**
                 * @description The event's id (`evt_...`), as reception answered it and the event list shows it.
                 * @example evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c
                 */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event and its payload. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["WebhookEventWithPayload"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    replayConnectorEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The connector's id (`con_...`).
                 * @example con_mVc977wuslpXlTFWQlxA
                 */
                id: components["parameters"]["ConnectorId"];
                /**
                 * @description The event's id (`evt_...`), as reception answered it and the event list shows it.
                 * @example evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c
                 */
                eventId: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, now `processed`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["WebhookEvent"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["EventNotReplayable"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["WebhookProcessingFailed"];
        };
    };
    receiveWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description `sha256=` and 64 hex digits: HMAC-SHA256 of `<X-Webhook-Id>.<X-Webhook-Timestamp>.<raw body>` (the id signed) or of `<X-Webhook-Timestamp>.<raw body>`, keyed with the connector secret.
                 * @example sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17
                 */
                "X-Webhook-Signature"?: string;
                /**
                 * @description When the request was signed, in Unix seconds; it must be within 300 s of the service's clock.
                 * @example 1768478400
                 */
                "X-Webhook-Timestamp"?: string;
                /**
                 * @description The sender's event id (1-255 visible ASCII characters), signed or not by `X-Webhook-Signature`; the same id again is a duplicate.
                 * @example evt-001
                 */
                "X-Webhook-Id"?: string;
                /**
                 * @description Standard Webhooks message id (signed, and used for replay protection).
                 * @example msg_2KWPBgLlAfxdpx2AI54pPJ85f4W
                 */
                "webhook-id"?: string;
                /**
                 * @description Standard Webhooks timestamp, Unix seconds.
                 * @example 1768478400
                 */
                "webhook-timestamp"?: string;
                /**
                 * @description Standard Webhooks signatures, space-separated `v1,<base64>` entries (`v1a` entries are ignored).
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature"?: string;
            };
            path: {
                /**
                 * @description The connector's `endpointId` (`ep_...`), the last segment of its `receptionUrl`.
                 * @example ep_Kt2k9e873OV_Elrdgmt4FLrzcbUGipvT
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "invoice.paid",
                 *       "data": {
                 *         "id": "in_1",
                 *         "amount": 4200
                 *       }
                 *     }
                 */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description A replay of an event already received; recorded as `duplicate`, not ingested again. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "eventId": "evt_019bc1d2-4a11-7c3d-9e8f-0a1b2c3d4e5f",
                     *         "status": "duplicate",
                     *         "nodeId": "019bc1d2-3f4a-7b21-9c3e-5d6f7a8b9c0d",
                     *         "duplicateOf": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["WebhookReceipt"];
                    };
                };
            };
            /** @description The event was verified and ingested (status `processed`). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "eventId": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c",
                     *         "status": "processed",
                     *         "nodeId": "019bc1d2-3f4a-7b21-9c3e-5d6f7a8b9c0d",
                     *         "duplicateOf": null
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["WebhookReceipt"];
                    };
                };
            };
            400: components["responses"]["WebhookBadRequest"];
            401: components["responses"]["InvalidSignature"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["WebhookOntologyConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["WebhookBusy"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["WebhookProcessingFailed"];
        };
    };
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metadata document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "issuer": "https://ontology.example.com",
                     *       "authorization_endpoint": "https://ontology.example.com/authorize",
                     *       "token_endpoint": "https://ontology.example.com/token",
                     *       "revocation_endpoint": "https://ontology.example.com/revoke",
                     *       "scopes_supported": [
                     *         "read:nodes",
                     *         "write:nodes",
                     *         "read:edges",
                     *         "write:edges",
                     *         "read:livedata",
                     *         "write:livedata",
                     *         "read:connectors",
                     *         "write:connectors",
                     *         "write:ontology",
                     *         "admin"
                     *       ],
                     *       "response_types_supported": [
                     *         "code"
                     *       ],
                     *       "response_modes_supported": [
                     *         "query"
                     *       ],
                     *       "grant_types_supported": [
                     *         "authorization_code",
                     *         "refresh_token"
                     *       ],
                     *       "token_endpoint_auth_methods_supported": [
                     *         "none"
                     *       ],
                     *       "revocation_endpoint_auth_methods_supported": [
                     *         "none"
                     *       ],
                     *       "code_challenge_methods_supported": [
                     *         "S256"
                     *       ],
                     *       "authorization_response_iss_parameter_supported": true,
                     *       "service_documentation": "https://ontology.example.com/docs"
                     *     }
                     */
                    "application/json": components["schemas"]["AuthorizationServerMetadata"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    authorize: {
        parameters: {
            query: {
                /** @description `code`. */
                response_type: "code";
                /**
                 * @description The application's `client_id`.
                 * @example cli_Yc4mX0nq7hV2pL9sTz1B
                 */
                client_id: string;
                /**
                 * @description Exactly the registered redirect URI.
                 * @example http://localhost:5173/callback
                 */
                redirect_uri: string;
                /**
                 * @description Space-separated scopes, each one the client may request.
                 * @example read:nodes write:nodes
                 */
                scope: string;
                /** @description Opaque value (visible ASCII, at most 1024 characters) returned unchanged. */
                state: string;
                /** @description base64url (no padding) of the SHA-256 of the code verifier, 43 characters. */
                code_challenge: string;
                /** @description `S256` (the only method). */
                code_challenge_method: "S256";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in page (HTML), with the browser-binding cookie. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An error sent back to the application's redirect URI. */
            302: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["OAuthRedirectLocation"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["OAuthErrorPage"];
            500: components["responses"]["InternalError"];
        };
    };
    authorizeSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["SignInForm"];
            };
        };
        responses: {
            /** @description Signed in; on to the consent page (a relative `Location`). */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["OAuthRedirectLocation"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["OAuthErrorPage"];
            /** @description Wrong email or password; the sign-in page again, with the error. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            408: components["responses"]["RequestTimeout"];
            /** @description Too many failed attempts for this email; the sign-in page with the wait. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    authorizeConsentPage: {
        parameters: {
            query: {
                /** @description The pending authorization request, from the sign-in redirect. */
                request_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The consent page (HTML). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["OAuthErrorPage"];
            500: components["responses"]["InternalError"];
        };
    };
    authorizeDecide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["ConsentForm"];
            };
        };
        responses: {
            /** @description The decision, sent to the application's redirect URI. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["OAuthRedirectLocation"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["OAuthErrorPage"];
            408: components["responses"]["RequestTimeout"];
            500: components["responses"]["InternalError"];
        };
    };
    token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
                /**
                 * @example {
                 *       "grant_type": "authorization_code",
                 *       "code": "woc_Q2hVf3m1J0cXbR8yL4nT6aW9eZ5kD7sP0uG2oI1vH3x",
                 *       "redirect_uri": "http://localhost:5173/callback",
                 *       "client_id": "cli_Yc4mX0nq7hV2pL9sTz1B",
                 *       "code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
                 *     }
                 */
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description New tokens. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    Pragma: components["headers"]["PragmaNoCache"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "woa_Uu-frz2A1WGAJUqnhALj1rq85fyBSPcgTK_kxb7HQ2g",
                     *       "token_type": "Bearer",
                     *       "expires_in": 3600,
                     *       "refresh_token": "wor_FasOKfVAkDiF1gMHp2XY-Scqv8ua4G-wsMeWae1kjaQ",
                     *       "scope": "read:nodes write:nodes"
                     *     }
                     */
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            400: components["responses"]["OAuthError"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["OAuthError"];
            415: components["responses"]["OAuthError"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RevokeRequest"];
                /**
                 * @example {
                 *       "token": "wor_FasOKfVAkDiF1gMHp2XY-Scqv8ua4G-wsMeWae1kjaQ",
                 *       "token_type_hint": "refresh_token",
                 *       "client_id": "cli_Yc4mX0nq7hV2pL9sTz1B"
                 *     }
                 */
                "application/json": components["schemas"]["RevokeRequest"];
            };
        };
        responses: {
            /** @description The token is no longer valid (or never was). No body. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["OAuthError"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["OAuthError"];
            415: components["responses"]["OAuthError"];
            500: components["responses"]["InternalError"];
        };
    };
    listOAuthClients: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of clients. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["OAuthClient"][];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createOAuthClient: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Graph explorer",
                 *       "redirectUri": "http://localhost:5173/callback",
                 *       "scopes": [
                 *         "read:nodes",
                 *         "write:nodes",
                 *         "read:edges"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OAuthClientCreateRequest"];
            };
        };
        responses: {
            /** @description The client was registered; give its `clientId` to the application. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "clientId": "cli_Yc4mX0nq7hV2pL9sTz1B",
                     *         "name": "Graph explorer",
                     *         "redirectUri": "http://localhost:5173/callback",
                     *         "scopes": [
                     *           "read:nodes",
                     *           "write:nodes",
                     *           "read:edges"
                     *         ],
                     *         "workspaceId": "6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34",
                     *         "createdAt": "2026-01-15T12:00:00.000Z",
                     *         "createdBy": "key_Ab3dE5fG7hJ9kL1mN3pQ"
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["OAuthClient"];
                    };
                };
            };
            400: components["responses"]["BadBodyRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOAuthClient: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The client's `client_id`.
                 * @example cli_Yc4mX0nq7hV2pL9sTz1B
                 */
                clientId: components["parameters"]["OAuthClientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["OAuthClient"];
                    };
                };
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteOAuthClient: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /**
                 * @description The client's `client_id`.
                 * @example cli_Yc4mX0nq7hV2pL9sTz1B
                 */
                clientId: components["parameters"]["OAuthClientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadWorkspaceRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    graphqlGet: {
        parameters: {
            query?: {
                /** @description The GraphQL document (a query). */
                query?: string;
                /** @description Variables as a JSON object. */
                variables?: string;
                operationName?: string;
            };
            header?: {
                /** @description The workspace to act in; required for GraphQL requests, not for the explorer page. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The GraphQL response, or (for a browser without a query) the explorer page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphQLResponse"];
                    "application/graphql-response+json": components["schemas"]["GraphQLResponse"];
                    "text/html": string;
                };
            };
            /**
             * @description A request GraphQL cannot run, as a GraphQL response with `errors` and no `data`:
             *     `GRAPHQL_PARSE_FAILED`, `GRAPHQL_VALIDATION_FAILED`, `BAD_USER_INPUT` (variables),
             *     `BAD_REQUEST` (no query, batched requests), `QUERY_TOO_DEEP`, `QUERY_TOO_COMPLEX`,
             *     `VALIDATION_ERROR` (the body or the document nested more than 64 levels deep).
             *     Or, in the error envelope before GraphQL runs: `WORKSPACE_REQUIRED`,
             *     `VALIDATION_ERROR` (x-workspace-id not a UUID), `INVALID_JSON`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "message": "The operation is nested 9 levels deep; at most 8 are allowed.",
                     *           "extensions": {
                     *             "code": "QUERY_TOO_DEEP",
                     *             "maxDepth": 8,
                     *             "depth": 9,
                     *             "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GraphQLResponse"] | components["schemas"]["ErrorEnvelope"];
                    "application/graphql-response+json": components["schemas"]["GraphQLResponse"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A mutation was sent over GET; send it with POST. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphQLResponse"];
                    "application/graphql-response+json": components["schemas"]["GraphQLResponse"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    graphqlPost: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "query ($id: ID!) { node(id: $id) { id name entityType } }",
                 *       "variables": {
                 *         "id": "pump-1"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["GraphQLRequest"];
            };
        };
        responses: {
            /**
             * @description The GraphQL response: `data`, and `errors` for fields that failed. Sent as
             *     `application/graphql-response+json` when the client's Accept header prefers it.
             */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "node": {
                     *           "id": "pump-1",
                     *           "name": "Pump 1",
                     *           "entityType": "Pump"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GraphQLResponse"];
                    "application/graphql-response+json": components["schemas"]["GraphQLResponse"];
                };
            };
            /**
             * @description A request GraphQL cannot run, as a GraphQL response with `errors` and no `data`:
             *     `GRAPHQL_PARSE_FAILED`, `GRAPHQL_VALIDATION_FAILED`, `BAD_USER_INPUT` (variables),
             *     `BAD_REQUEST` (no query, batched requests), `QUERY_TOO_DEEP`, `QUERY_TOO_COMPLEX`,
             *     `VALIDATION_ERROR` (the body or the document nested more than 64 levels deep).
             *     Or, in the error envelope before GraphQL runs: `WORKSPACE_REQUIRED`,
             *     `VALIDATION_ERROR` (x-workspace-id not a UUID), `INVALID_JSON`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errors": [
                     *         {
                     *           "message": "The operation is nested 9 levels deep; at most 8 are allowed.",
                     *           "extensions": {
                     *             "code": "QUERY_TOO_DEEP",
                     *             "maxDepth": 8,
                     *             "depth": 9,
                     *             "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GraphQLResponse"] | components["schemas"]["ErrorEnvelope"];
                    "application/graphql-response+json": components["schemas"]["GraphQLResponse"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Events after this cursor (the `seq` of an event); from the oldest retained when absent. */
                after?: components["parameters"]["EventsAfter"];
                /** @description Events per page; 100 by default, at most 1,000 (larger values are clamped to 1,000). `0`, a fraction or a sign is a `400`. */
                limit?: number;
                /** @description Only these event types, comma-separated (`node.created,node.deleted`). */
                types?: components["parameters"]["EventTypes"];
                /** @description Only events about records of this type (an entity or relationship type; a node that changed type counts under both). */
                entityType?: components["parameters"]["EventEntityType"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, oldest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c",
                     *           "seq": 42,
                     *           "type": "node.updated",
                     *           "occurredAt": "2026-01-15T12:00:00.000Z",
                     *           "workspaceId": "3f2b8a4e-9c1d-4e5f-8a7b-6c5d4e3f2a1b",
                     *           "actor": {
                     *             "kind": "apiKey",
                     *             "id": "key_Yc4mX0nq7hV2pL9sTz1B"
                     *           },
                     *           "cause": {
                     *             "commandId": "019bc1d2-3f3f-7a5e-8b6c-1d2e3f4a5b6c"
                     *           },
                     *           "subject": {
                     *             "id": "pump-1",
                     *             "type": "Pump"
                     *           },
                     *           "data": {
                     *             "before": {
                     *               "id": "pump-1",
                     *               "entityType": "Pump",
                     *               "name": "Pump 1",
                     *               "properties": {
                     *                 "state": "on"
                     *               },
                     *               "version": 1,
                     *               "createdAt": "2026-01-15T11:00:00.000Z",
                     *               "updatedAt": "2026-01-15T11:00:00.000Z"
                     *             },
                     *             "after": {
                     *               "id": "pump-1",
                     *               "entityType": "Pump",
                     *               "name": "Pump 1",
                     *               "properties": {
                     *                 "state": "off"
                     *               },
                     *               "version": 2,
                     *               "createdAt": "2026-01-15T11:00:00.000Z",
                     *               "updatedAt": "2026-01-15T12:00:00.000Z"
                     *             },
                     *             "changedKeys": [
                     *               "properties.state",
                     *               "updatedAt",
                     *               "version"
                     *             ]
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 100,
                     *         "nextCursor": "42",
                     *         "hasMore": false
                     *       },
                     *       "requestId": "req_761ca16e3b2cafea5d90a9b36fc49cbb"
                     *     }
                     */
                    "application/json": components["schemas"]["EventPageEnvelope"];
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            410: components["responses"]["CursorExpired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Events after this cursor (the `seq` of an event); from the oldest retained when absent. */
                after?: components["parameters"]["EventsAfter"];
                /** @description Only these event types, comma-separated (`node.created,node.deleted`). */
                types?: components["parameters"]["EventTypes"];
                /** @description Only events about records of this type (an entity or relationship type; a node that changed type counts under both). */
                entityType?: components["parameters"]["EventEntityType"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
                /** @description The cursor to resume after (wins over `after`). */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream (`text/event-stream`), open until the client or the server ends it. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example retry: 2000
                     *
                     *     id: 42
                     *     event: node.created
                     *     data: {"id":"evt_019bc1d2-3f40-7a5e-8b6c-1d2e3f4a5b6c","seq":42,"type":"node.created"}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            410: components["responses"]["CursorExpired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookSubscriptions: {
        parameters: {
            query?: {
                /** @description Items per page. Values above 100 are clamped to 100 (`meta.limit` shows the size used). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of subscriptions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListEnvelope"] & {
                        data?: components["schemas"]["EventSubscription"][];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/ontology",
                 *       "description": "search mirror",
                 *       "eventTypes": [
                 *         "node.created",
                 *         "node.updated",
                 *         "node.deleted"
                 *       ],
                 *       "entityTypes": [
                 *         "Pump"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["EventSubscriptionCreateRequest"];
            };
        };
        responses: {
            /** @description The subscription; `data.secret` is its signing secret, shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    Location: components["headers"]["Location"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EventSubscriptionWithSecret"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["SubscriptionConflict"];
            410: components["responses"]["CursorExpired"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EventSubscription"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription is deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["EventSubscriptionUpdateRequest"];
            };
        };
        responses: {
            /** @description The subscription as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EventSubscription"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSubscriptionSecret: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateSecretRequest"];
            };
        };
        responses: {
            /** @description The subscription with its new `secret`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "Cache-Control": components["headers"]["CacheControlNoStore"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EventSubscriptionWithSecret"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pingWebhookSubscription: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt: its outcome, the status the receiver answered and the start of its answer. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["DeliveryAttempt"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "seq": 42
                 *     }
                 */
                "application/json": {
                    seq: number;
                };
            };
        };
        responses: {
            /** @description The attempt. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["DeliveryAttempt"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    replayWebhookEvents: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "after": "40"
                 *     }
                 */
                "application/json": {
                    after: components["schemas"]["EventCursor"];
                };
            };
        };
        responses: {
            /** @description The subscription, its cursor moved back; delivery starts at once. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data?: components["schemas"]["EventSubscription"];
                    };
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            410: components["responses"]["CursorExpired"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Attempts per page; 50 by default, at most 100. */
                limit?: string;
                /** @description Attempts older than this one (an attempt id). */
                before?: string;
            };
            header: {
                /**
                 * @description The workspace the request acts in (a UUID). Missing: `400 WORKSPACE_REQUIRED`; not a
                 *     UUID: `400 VALIDATION_ERROR`; a workspace the credential may not use: `403 FORBIDDEN`.
                 * @example 6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34
                 */
                "x-workspace-id": components["parameters"]["WorkspaceId"];
            };
            path: {
                /** @description The subscription's id (`sub_...`). */
                id: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attempts, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                    "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPageEnvelope"];
                };
            };
            400: components["responses"]["EventsBadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}

/** The `info.version` of the OpenAPI document this module was generated from. */
export const apiVersion = "0.1.0";

/** Every operation of the API: method, path template, body media type, headers read. */
export const operationTable = {
    "getHealth": {
        "method": "GET",
        "path": "/health",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getReadiness": {
        "method": "GET",
        "path": "/ready",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getMetrics": {
        "method": "GET",
        "path": "/metrics",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getOpenApiDocument": {
        "method": "GET",
        "path": "/openapi.yaml",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getApiReference": {
        "method": "GET",
        "path": "/docs",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getCypherExplorer": {
        "method": "GET",
        "path": "/explorer",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getCypherExplorerAsset": {
        "method": "GET",
        "path": "/explorer/assets/{file}",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "getMe": {
        "method": "GET",
        "path": "/api/me",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "listWorkspaces": {
        "method": "GET",
        "path": "/api/workspaces",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "listApiKeys": {
        "method": "GET",
        "path": "/api/api-keys",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "createApiKey": {
        "method": "POST",
        "path": "/api/api-keys",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "getApiKey": {
        "method": "GET",
        "path": "/api/api-keys/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "revokeApiKey": {
        "method": "DELETE",
        "path": "/api/api-keys/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "listNodes": {
        "method": "GET",
        "path": "/api/queries/nodes",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getNode": {
        "method": "GET",
        "path": "/api/queries/nodes/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getNodeNeighbors": {
        "method": "GET",
        "path": "/api/queries/nodes/{id}/neighbors",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "runCypher": {
        "method": "POST",
        "path": "/api/queries/cypher",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "listEdges": {
        "method": "GET",
        "path": "/api/queries/edges",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getEdge": {
        "method": "GET",
        "path": "/api/queries/edges/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getOntology": {
        "method": "GET",
        "path": "/api/ontology",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getOntologySettings": {
        "method": "GET",
        "path": "/api/ontology/settings",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "putOntologySettings": {
        "method": "PUT",
        "path": "/api/ontology/settings",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "listEntityTypes": {
        "method": "GET",
        "path": "/api/ontology/entity-types",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getEntityType": {
        "method": "GET",
        "path": "/api/ontology/entity-types/{name}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "putEntityType": {
        "method": "PUT",
        "path": "/api/ontology/entity-types/{name}",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "deleteEntityType": {
        "method": "DELETE",
        "path": "/api/ontology/entity-types/{name}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "listRelationshipTypes": {
        "method": "GET",
        "path": "/api/ontology/relationship-types",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getRelationshipType": {
        "method": "GET",
        "path": "/api/ontology/relationship-types/{name}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "putRelationshipType": {
        "method": "PUT",
        "path": "/api/ontology/relationship-types/{name}",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "deleteRelationshipType": {
        "method": "DELETE",
        "path": "/api/ontology/relationship-types/{name}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "executeCommand": {
        "method": "POST",
        "path": "/api/commands/execute",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": true
    },
    "executeCommandBatch": {
        "method": "POST",
        "path": "/api/commands/batch",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": true
    },
    "listImports": {
        "method": "GET",
        "path": "/api/imports",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "startImport": {
        "method": "POST",
        "path": "/api/imports",
        "body": "application/x-ndjson",
        "workspace": true,
        "idempotencyKey": false
    },
    "getImport": {
        "method": "GET",
        "path": "/api/imports/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "exportWorkspace": {
        "method": "GET",
        "path": "/api/export",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "listLiveDataSources": {
        "method": "GET",
        "path": "/api/live-data/sources",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "createLiveDataSource": {
        "method": "POST",
        "path": "/api/live-data/sources",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "getLiveDataSource": {
        "method": "GET",
        "path": "/api/live-data/sources/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "ingestLiveData": {
        "method": "POST",
        "path": "/api/live-data/ingest",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "queryLiveData": {
        "method": "GET",
        "path": "/api/live-data/query",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "semanticSearch": {
        "method": "POST",
        "path": "/api/rag/search",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "hybridSearch": {
        "method": "POST",
        "path": "/api/rag/hybrid-search",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "getSearchIndexStatus": {
        "method": "GET",
        "path": "/api/rag/index/status",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "listConnectors": {
        "method": "GET",
        "path": "/api/connectors",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "createConnector": {
        "method": "POST",
        "path": "/api/connectors",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "getConnector": {
        "method": "GET",
        "path": "/api/connectors/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "deleteConnector": {
        "method": "DELETE",
        "path": "/api/connectors/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "rotateConnectorSecret": {
        "method": "POST",
        "path": "/api/connectors/{id}/rotate-secret",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "listConnectorEvents": {
        "method": "GET",
        "path": "/api/connectors/{id}/events",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "getConnectorEvent": {
        "method": "GET",
        "path": "/api/connectors/{id}/events/{eventId}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "replayConnectorEvent": {
        "method": "POST",
        "path": "/api/connectors/{id}/events/{eventId}/replay",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "receiveWebhook": {
        "method": "POST",
        "path": "/api/webhooks/{endpointId}",
        "body": "application/json",
        "workspace": false,
        "idempotencyKey": false
    },
    "getAuthorizationServerMetadata": {
        "method": "GET",
        "path": "/.well-known/oauth-authorization-server",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "authorize": {
        "method": "GET",
        "path": "/authorize",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "authorizeSignIn": {
        "method": "POST",
        "path": "/authorize/sign-in",
        "body": "application/x-www-form-urlencoded",
        "workspace": false,
        "idempotencyKey": false
    },
    "authorizeConsentPage": {
        "method": "GET",
        "path": "/authorize/consent",
        "body": null,
        "workspace": false,
        "idempotencyKey": false
    },
    "authorizeDecide": {
        "method": "POST",
        "path": "/authorize/consent",
        "body": "application/x-www-form-urlencoded",
        "workspace": false,
        "idempotencyKey": false
    },
    "token": {
        "method": "POST",
        "path": "/token",
        "body": "application/json",
        "workspace": false,
        "idempotencyKey": false
    },
    "revokeToken": {
        "method": "POST",
        "path": "/revoke",
        "body": "application/json",
        "workspace": false,
        "idempotencyKey": false
    },
    "listOAuthClients": {
        "method": "GET",
        "path": "/api/oauth/clients",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "createOAuthClient": {
        "method": "POST",
        "path": "/api/oauth/clients",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "getOAuthClient": {
        "method": "GET",
        "path": "/api/oauth/clients/{clientId}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "deleteOAuthClient": {
        "method": "DELETE",
        "path": "/api/oauth/clients/{clientId}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "graphqlGet": {
        "method": "GET",
        "path": "/graphql",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "graphqlPost": {
        "method": "POST",
        "path": "/graphql",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "listEvents": {
        "method": "GET",
        "path": "/api/events",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "streamEvents": {
        "method": "GET",
        "path": "/api/events/stream",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "listWebhookSubscriptions": {
        "method": "GET",
        "path": "/api/webhook-subscriptions",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "createWebhookSubscription": {
        "method": "POST",
        "path": "/api/webhook-subscriptions",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "getWebhookSubscription": {
        "method": "GET",
        "path": "/api/webhook-subscriptions/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "deleteWebhookSubscription": {
        "method": "DELETE",
        "path": "/api/webhook-subscriptions/{id}",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "updateWebhookSubscription": {
        "method": "PATCH",
        "path": "/api/webhook-subscriptions/{id}",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "rotateWebhookSubscriptionSecret": {
        "method": "POST",
        "path": "/api/webhook-subscriptions/{id}/rotate-secret",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "pingWebhookSubscription": {
        "method": "POST",
        "path": "/api/webhook-subscriptions/{id}/ping",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    },
    "redeliverWebhookEvent": {
        "method": "POST",
        "path": "/api/webhook-subscriptions/{id}/redeliver",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "replayWebhookEvents": {
        "method": "POST",
        "path": "/api/webhook-subscriptions/{id}/replay",
        "body": "application/json",
        "workspace": true,
        "idempotencyKey": false
    },
    "listWebhookDeliveries": {
        "method": "GET",
        "path": "/api/webhook-subscriptions/{id}/deliveries",
        "body": null,
        "workspace": true,
        "idempotencyKey": false
    }
} as const;
