/**
 * The request and response types of Aisle's HTTP API, generated from the server's route
 * schemas (its OpenAPI document) by `npm run client:types`. Do not edit: regenerate.
 */
export interface paths {
    "/shopping/guest-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a guest session and get its token
         * @description Issues the guest token for one buyer (`resourceId`) of one section (`tenant_id`). From this moment every endpoint that names this
         *     resource needs the token in `Authorization: Bearer <accessToken>`, for as long as Aisle keeps the registration (also after the
         *     token is revoked or expires); a resource never registered keeps working without a token.
         *
         *     **Once per resource.** A resource already registered, or one that already has dialogs, is refused with 409: a lost, expired or
         *     revoked token cannot be reissued for the same `resourceId`; use a new identifier. `resourceId` must be stable per buyer
         *     (the platform `user.uid`, or `user.custom` with an external id) and never a placeholder shared by several buyers.
         *
         *     **Lifetime.** 30 days; each successful request with the token extends it to 30 days from then (`expiresAt` stays the initial
         *     value). After 30 days without a successful request the token answers 401 INVALID_GUEST_TOKEN.
         *
         *     **Limits.** `tenant_id` and `resourceId`: 1–512 characters, no U+0000 and no unpaired surrogate. 20 registrations per minute per
         *     IP address (per instance). The section's IP allow-list applies. No `Authorization` header is needed.
         *
         *     **Cache.** `Cache-Control: no-store`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tenant_id: string;
                        resourceId: string;
                    };
                };
            };
            responses: {
                /** @description Registered. The token is in `accessToken` and is not shown again. */
                201: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: uuid
                             * @description Id of the session; it does not replace the token in requests.
                             */
                            sessionId: string;
                            /** @description The secret guest token: `gst_` and 43 base64url characters. Returned only here; keep it with the buyer. */
                            accessToken: string;
                            /** @enum {string} */
                            tokenType: "Bearer";
                            /** @description The identifier given at registration. */
                            resourceId: string;
                            /** @description Initial expiry, ISO 8601 UTC with milliseconds; not updated when the session is extended. */
                            expiresAt: string;
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST_BODY` ("Invalid request body"): a field is missing, empty, longer than 512 characters, not a string or not storable text, an unknown field was sent, or the body is not valid JSON.
                 *     - `UNKNOWN_TENANT` ("Unknown tenant"): `tenant_id` is not a section of this service.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST_BODY" | "UNKNOWN_TENANT";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Conflict. `code` tells which case it is:
                 *
                 *     - `RESOURCE_ALREADY_EXISTS` ("This resource is already registered or has history"): the resource was registered before (its token may have been lost, revoked or expired) or already has dialogs.
                 */
                409: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 409;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "RESOURCE_ALREADY_EXISTS";
                            /** @enum {string} */
                            error: "Conflict";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Too Many Requests. `code` tells which case it is:
                 *
                 *     - `RATE_LIMITED` ("Too many requests; retry later"): more than 20 registrations in a minute from this IP address.
                 */
                429: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        /** @description Whole seconds to wait before the next attempt. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 429;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): an unexpected fault, for example the database refused a query; nothing to fix on the client side, and a retry may fail the same way.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached; nothing was registered, so the same request may be retried.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/guest-sessions/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a guest token
         * @description Ends the session of the token in `Authorization: Bearer <accessToken>`; no body. Repeating it, also for an expired token, answers
         *     204 again. Afterwards the token answers 401 INVALID_GUEST_TOKEN everywhere, and the resource stays registered: requests without a
         *     token are still refused with 401 GUEST_TOKEN_REQUIRED, and no new token can be issued for it. Public share links created
         *     before stay valid (revoke them with POST /dialogs/share/revoke).
         *
         *     **Cache.** `Cache-Control: no-store`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked (also when it already was, or had expired). */
                204: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): a body was sent (this endpoint takes none) and it is not valid JSON; send no body.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the `Authorization: Bearer` header is missing, or its token is malformed or unknown.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): a body larger than 1 MiB was sent (this endpoint takes none).
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent (this endpoint takes none) with a `Content-Type` other than `application/json`; send no body.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): an unexpected fault, for example the database refused a query; nothing to fix on the client side, and a retry may fail the same way.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the buyer's new message and get the assistant's answer
         * @description Sends the buyer's **new** message (never the whole history) and returns the answer as blocks the client renders: `message`
         *     (text in `messageFormat`), `products` (cards from the shop's catalogue; price, availability, the product page and the cart stay the
         *     client's job), `button` (`open_support_chat`: open your own operator chat; `follow_url`: open `url`), quick replies in
         *     `response.ui.suggests`, and tracking links in `events`.
         *
         *     Aisle keeps the dialog by `threadId`, which the client creates for a new conversation and keeps across turns: the first request
         *     with a new `threadId` creates the dialog. `resourceId` is the buyer's stable id. `runtimeContext.tenant_id` must be a known
         *     section. `runtimeContext.ctx` describes the page: `type` one of `HOMEPAGE`, `PRODUCT`, `CART`, `CATEGORY`, `SEARCH`, `OTHER`
         *     (anything else counts as `OTHER`); `data` the SKUs, categories, search query or cart SKUs (on `PRODUCT` the current SKU first);
         *     `attributes.storeId` the chosen store, sent with every request while a store is chosen and omitted (not empty) otherwise.
         *
         *     **Access.** A resource registered through POST /shopping/guest-sessions needs `Authorization: Bearer <accessToken>` for this
         *     request, including debug traffic and retries; a resource never registered works without it. The section's IP allow-list applies.
         *     A dialog of another guest session (even with an equal `resourceId`) or a hidden dialog answers 404.
         *
         *     **Limits.** `threadId`, `resourceId`, `tenant_id` and message ids: 1–512 characters. A message's text: at most 8,000 characters.
         *     At most 10 messages (the last one is the new message). Text and identifiers must not contain U+0000 or an unpaired surrogate.
         *     At most one image per message: JPEG, PNG or WebP, at most 5 MiB before Base64 and 16,000,000 pixels. Base64 is raw (no `data:`
         *     prefix) and `mediaType` must match the content; a URL must be public HTTPS without user name or password, answer with an image
         *     `Content-Type`, and finish within 3 redirects and 10 seconds. Images are turned upright, shrunk to 2048 × 2048 at most and stored
         *     as JPEG. The whole body is at most 8 MiB.
         *
         *     **Retry.** Give each new message a stable `messages[].id` and keep it, with the same `threadId`, `resourceId` and request data,
         *     when repeating the request: the stored answer comes back (same `assistantMessageId`) without answering again, also while the first
         *     request is still running. The same id with different request data answers 409 MESSAGE_ID_CONFLICT. Without an id a retry after a
         *     lost response may store a second message, so do not retry automatically after a network error.
         *
         *     **Debug.** With `trafficType: "debug"` the request must still be valid; the answer is a fixed stub (one `message` block, one
         *     `products` block with two products, three quick replies, one `visible_impression` link) and nothing is stored, no model is
         *     called and no feedback links are given; send no feedback for it.
         *
         *     **Events.** Call each URL with GET as it is, only for events that arrived: `IMP` after the block first renders; `WRIMP` when the
         *     block is at least 50 % visible for 1 second; `visible_impression` when a card is at least 50 % visible; `click` (on a card) on
         *     every click; `like` / `dislike` (root `events`, present once the answer is stored) only when the buyer presses the reaction.
         *     Impressions once per real display, not per re-render; a failed tracking call must not block the interface.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        threadId: string;
                        resourceId: string;
                        trafficType?: "real" | "test" | "debug";
                        messages: {
                            /** @enum {string} */
                            role: "user";
                            id?: string;
                            content: string | ({
                                /** @enum {string} */
                                type: "text";
                                text: string;
                            } | {
                                /** @enum {string} */
                                type: "image";
                                source: {
                                    /** @enum {string} */
                                    type: "url";
                                    url: string;
                                } | {
                                    /** @enum {string} */
                                    type: "base64";
                                    mediaType: string;
                                    data: string;
                                };
                            })[];
                        }[];
                        runtimeContext: {
                            tenant_id: string;
                            /** @description Context of the current page; further fields are accepted and ignored. */
                            ctx?: {
                                type?: string;
                                data?: unknown;
                                lng?: string | null;
                                location?: string | null;
                                attributes?: {
                                    storeId?: string;
                                };
                            };
                        };
                    };
                };
            };
            responses: {
                /** @description The answer, stored with the message (except for debug traffic). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            threadId: string;
                            resourceId: string;
                            /** @description Id of the stored answer: `messageId` for feedback, `through_message_id` for sharing. Absent for debug traffic. */
                            assistantMessageId?: string;
                            /** @description How to render `message` blocks: plain text, or Markdown rendered safely. */
                            messageFormat?: "plain_text" | "markdown";
                            response: {
                                contents: ({
                                    /** @enum {string} */
                                    type: "message";
                                    value: string;
                                } | {
                                    /** @enum {string} */
                                    type: "products";
                                    value: {
                                        sku?: string;
                                        category_id?: string;
                                        name: string;
                                        price?: number | null;
                                        features?: string;
                                        is_stm?: boolean;
                                        brand?: string;
                                        url?: string;
                                        image_url?: string;
                                        events?: ({
                                            type: string;
                                            url: string;
                                        } | {
                                            type: string;
                                            urls: string[];
                                        })[];
                                    }[];
                                    title?: string;
                                    categories?: string[];
                                    shelf_id?: string;
                                    source_query?: string;
                                } | {
                                    /** @enum {string} */
                                    type: "button";
                                    value: string;
                                    action: string;
                                    url?: string;
                                })[];
                                ui?: {
                                    suggests?: string[];
                                };
                            };
                            /** @description Time Aisle took to answer, in milliseconds. */
                            responseLatencyMs?: number;
                            /** @description Block tracking links and, for a stored answer, the `like` / `dislike` links. */
                            events?: ({
                                type: string;
                                url: string;
                            } | {
                                type: string;
                                urls: string[];
                            })[];
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "body has an unexpected field "stream""): the body is outside the contract (a missing, unknown or mistyped field, an empty identifier, a limit exceeded, text with U+0000 or an unpaired surrogate), `runtimeContext.tenant_id` is not a known section, a message is empty or has more than one image, Base64 is not raw Base64, or an image URL is not public HTTPS or redirects more than 3 times.
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): the body is not valid JSON, or nests arrays and objects more than 32 levels deep.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `GUEST_RESOURCE_MISMATCH` ("The guest token belongs to another section or resource"): the token belongs to another section (`tenant_id`) or another `resourceId` than the request names.
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_RESOURCE_MISMATCH" | "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `DIALOG_NOT_FOUND` ("Dialog not found"): the dialog is hidden, or belongs to another guest session (even with an equal `resourceId`).
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "DIALOG_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Conflict. `code` tells which case it is:
                 *
                 *     - `MESSAGE_ID_CONFLICT` ("This message id was already used for a different request"): this `messages[].id` was already used in this dialog for a request with different data.
                 */
                409: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 409;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "MESSAGE_ID_CONFLICT";
                            /** @enum {string} */
                            error: "Conflict";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 *     - `IMAGE_TOO_LARGE` (message like "The image is larger than 16,000,000 pixels"): the image is over 5 MiB (before Base64) or over 16,000,000 pixels.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE" | "IMAGE_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 *     - `IMAGE_UNSUPPORTED` (message like "The image must be JPEG, PNG or WebP"): the image is not JPEG, PNG or WebP, or its content does not match `mediaType` (or the URL's `Content-Type`).
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE" | "IMAGE_UNSUPPORTED";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unprocessable Entity. `code` tells which case it is:
                 *
                 *     - `IMAGE_UNPROCESSABLE` (message like "The image is damaged or cannot be processed"): the image is damaged or cannot be decoded, or its URL could not be downloaded.
                 */
                422: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 422;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "IMAGE_UNPROCESSABLE";
                            /** @enum {string} */
                            error: "Unprocessable Entity";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `ASSISTANT_FAILED` ("The assistant could not answer"): the assistant could not answer (the model failed or took longer than 120 seconds); nothing was stored, so the same request may be retried.
                 *     - `INTERNAL` ("Internal server error"): an unexpected fault, for example the database refused a query; nothing to fix on the client side, and a retry may fail the same way.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "ASSISTANT_FAILED" | "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Bad Gateway. `code` tells which case it is:
                 *
                 *     - `ASSISTANT_INVALID_ANSWER` ("The assistant answer failed validation"): the assistant's answer failed structural validation; nothing was stored.
                 */
                502: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 502;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "ASSISTANT_INVALID_ANSWER";
                            /** @enum {string} */
                            error: "Bad Gateway";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Gateway Timeout. `code` tells which case it is:
                 *
                 *     - `IMAGE_FETCH_TIMEOUT` ("The image could not be downloaded in time"): the image URL was not downloaded within 10 seconds.
                 */
                504: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 504;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "IMAGE_FETCH_TIMEOUT";
                            /** @enum {string} */
                            error: "Gateway Timeout";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read the messages of a dialog, oldest first, a page at a time
         * @description Returns the buyer's messages and the assistant's answers of one dialog: user messages as they were sent (a stored image comes
         *     back as a Base64 JPEG `image` part), answers with the same `response` as generation, the stored reaction, latency and tracking
         *     `events` but no feedback links (react to a restored answer with PUT /shopping/feedback and its `id`). System messages and
         *     internal data are never returned.
         *
         *     **Pages.** Page 1 holds the oldest messages; items within a page are oldest first. While `pagination.hasMore` is true, ask for
         *     `page` + 1. `page` from 1 (default 1), `limit` 1–100 (default 50).
         *
         *     **Access.** `tenant_id`, `resourceId` and `threadId` must match the dialog exactly; a missing dialog, any mismatch, a hidden dialog
         *     and a dialog of another guest session all answer the same 404. A resource registered through a guest session needs
         *     `Authorization: Bearer <accessToken>`; a resource never registered works without it. The section's IP allow-list applies.
         *
         *     **Cache.** `Cache-Control: no-store`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tenant_id: string;
                        resourceId: string;
                        threadId: string;
                        page?: number;
                        limit?: number;
                    };
                };
            };
            responses: {
                /** @description One page of the dialog. */
                200: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            threadId: string;
                            resourceId: string;
                            items: ({
                                id: string;
                                /** @enum {string} */
                                role: "user";
                                createdAt: string;
                                content: string | ({
                                    /** @enum {string} */
                                    type: "text";
                                    text: string;
                                } | {
                                    /** @enum {string} */
                                    type: "image";
                                    source: {
                                        /** @enum {string} */
                                        type: "base64";
                                        mediaType: string;
                                        data: string;
                                    };
                                })[];
                            } | {
                                id: string;
                                /** @enum {string} */
                                role: "assistant";
                                createdAt: string;
                                threadId: string;
                                resourceId: string;
                                response: {
                                    contents: ({
                                        /** @enum {string} */
                                        type: "message";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        type: "products";
                                        value: {
                                            sku?: string;
                                            category_id?: string;
                                            name: string;
                                            price?: number | null;
                                            features?: string;
                                            is_stm?: boolean;
                                            brand?: string;
                                            url?: string;
                                            image_url?: string;
                                            events?: ({
                                                type: string;
                                                url: string;
                                            } | {
                                                type: string;
                                                urls: string[];
                                            })[];
                                        }[];
                                        title?: string;
                                        categories?: string[];
                                        shelf_id?: string;
                                        source_query?: string;
                                    } | {
                                        /** @enum {string} */
                                        type: "button";
                                        value: string;
                                        action: string;
                                        url?: string;
                                    })[];
                                    ui?: {
                                        suggests?: string[];
                                    };
                                };
                                feedback: {
                                    reaction: "like" | "dislike" | null;
                                };
                                responseLatencyMs?: number;
                                events?: ({
                                    type: string;
                                    url: string;
                                } | {
                                    type: string;
                                    urls: string[];
                                })[];
                            })[];
                            pagination: {
                                page: number;
                                limit: number;
                                hasMore: boolean;
                            };
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "body/limit must be <= 100"): a field is missing, empty, unknown, longer than 512 characters or not storable text, or `page` / `limit` is out of range.
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): the body is not valid JSON, or nests arrays and objects more than 32 levels deep.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `GUEST_RESOURCE_MISMATCH` ("The guest token belongs to another section or resource"): the token belongs to another section (`tenant_id`) or another `resourceId` than the request names.
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_RESOURCE_MISMATCH" | "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `SHOPPING_HISTORY_NOT_FOUND` ("Shopping history not found"): no visible dialog of this caller matches `tenant_id`, `resourceId` and `threadId` exactly.
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "SHOPPING_HISTORY_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): the history could not be loaded.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/dialogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the guest session's dialogs, most recently active first
         * @description Lists the dialogs of the guest session of the token, most recently active first (equal times: `threadId` descending). Section and
         *     buyer come from the token; the request names neither. A dialog appears once it has a stored message; hidden dialogs and dialogs
         *     of other sessions (also with an equal `resourceId`) are not listed. `title` is the beginning of the first message (at most 80
         *     characters, cut at a word), or `Диалог` when it has no text. Times are ISO 8601 UTC with microseconds.
         *
         *     **Pages.** While `pagination.hasMore` is true, pass `pagination.nextCursor` as `cursor` (URL-encoded) for the next page. The
         *     cursor is opaque and bound to this session and this list. No other query parameters are accepted (`tenant_id` or `resourceId` in
         *     the query are a 400).
         *
         *     **Access.** Needs `Authorization: Bearer <accessToken>`. The section's IP allow-list applies.
         *
         *     **Cache.** `Cache-Control: no-store`.
         */
        get: {
            parameters: {
                query?: {
                    /**
                     * @description Dialogs per page, 1–100; default 20.
                     * @example 20
                     */
                    limit?: number;
                    /**
                     * @description `pagination.nextCursor` of the previous page, URL-encoded; omitted for the first page.
                     * @example eyJzIjoiOGQwZjVjMmUiLCJsIjoxNzk1NTAxMDkxNDA3MjA0LCJ0IjoidGhyZWFkLTdmM2EifQ.q1w2e3r4t5y6u7i8o9p0aA
                     */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of dialogs; with none, `items` is empty, `hasMore` false and `nextCursor` null. */
                200: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                threadId: string;
                                title: string;
                                /** @description ISO 8601 UTC with microseconds */
                                createdAt: string;
                                /** @description ISO 8601 UTC with microseconds */
                                lastMessageAt: string;
                            }[];
                            pagination: {
                                hasMore: boolean;
                                nextCursor: string | null;
                            };
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "querystring has an unexpected field "tenant_id""): `limit` is not an integer from 1 to 100, `cursor` is empty or too long, or another query parameter was sent.
                 *     - `INVALID_CURSOR` ("The cursor is invalid or belongs to another list"): `cursor` was not issued by this list for this guest session, or was altered.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "INVALID_CURSOR";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): no `Authorization: Bearer` header was sent.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): an unexpected fault, for example the database refused a query; nothing to fix on the client side, and a retry may fail the same way.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/dialogs/{threadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Hide a dialog from the list (there is no restoration)
         * @description Hides a dialog of the token's guest session: it leaves the list, and history, generation, feedback and sharing on it answer 404
         *     from then on; public links created before stop opening. Messages stay stored for the shop's analytics and saved preferences stay
         *     for personalisation; personal data is not deleted. There is no restoration. Hiding again answers 204.
         *
         *     **Access.** Needs `Authorization: Bearer <accessToken>`. The section's IP allow-list applies. `threadId`: 1–512 characters.
         *
         *     **Cache.** `Cache-Control: no-store`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description The dialog to hide, URL-encoded.
                     * @example thread-7f3a
                     */
                    threadId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Hidden (also when it already was). */
                204: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "params/threadId must NOT have more than 512 characters"): `threadId` is empty, longer than 512 characters or not storable text.
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): a body was sent (this endpoint takes none) and it is not valid JSON; send no body.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): no `Authorization: Bearer` header was sent.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `DIALOG_NOT_FOUND` ("Dialog not found"): the guest session has no dialog with this `threadId` (also when the dialog belongs to another session).
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "DIALOG_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): a body larger than 1 MiB was sent (this endpoint takes none).
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent (this endpoint takes none) with a `Content-Type` other than `application/json`; send no body.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): an unexpected fault, for example the database refused a query; nothing to fix on the client side, and a retry may fail the same way.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ready like/dislike link from the events of a generation answer
         * @description The target of the `like` and `dislike` links in the root `events` of a generation answer: call the link with GET as it is, only
         *     when the buyer presses the reaction (never when the answer arrives). No body. All five query parameters are required and
         *     non-empty; `null` is not accepted (remove a reaction with PUT). Links point to the production address of the service that
         *     stored the answer.
         *     One reaction per answer: `like` and `dislike` replace each other, the same reaction again changes nothing (`updatedAt` included).
         *     Only answers stored by generation can be rated; debug answers cannot.
         *
         *     **Access.** Not restricted by the section's IP list; the link does not prove who calls it, and the answer must belong to the
         *     given section, buyer and dialog. A resource registered through a guest session needs `Authorization: Bearer <accessToken>`,
         *     which a plain link follow does not carry, so guest integrations use PUT /shopping/feedback instead.
         */
        get: {
            parameters: {
                query: {
                    /**
                     * @description The section of the answer.
                     * @example demo
                     */
                    tenant_id: string;
                    /**
                     * @description The owner of the dialog.
                     * @example buyer-1024
                     */
                    resourceId: string;
                    /**
                     * @description The dialog of the answer.
                     * @example thread-7f3a
                     */
                    threadId: string;
                    /**
                     * @description `assistantMessageId` of the answer.
                     * @example 2477a0de-4d17-4b2e-bb76-9468af0d3743
                     */
                    messageId: string;
                    /**
                     * @description `like` or `dislike`; removing a reaction is only possible with PUT.
                     * @example like
                     */
                    reaction: "like" | "dislike";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The stored state. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reaction: ("like" | "dislike") | null;
                            /** @description ISO 8601 UTC of the last change */
                            updatedAt: string;
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST_QUERY` ("Invalid request query"): a query parameter is missing, empty, too long or not storable text, or `reaction` is not `like` or `dislike`.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST_QUERY";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `GUEST_RESOURCE_MISMATCH` ("The guest token belongs to another section or resource"): the token belongs to another section (`tenant_id`) or another `resourceId` than the request names.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_RESOURCE_MISMATCH";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `ASSISTANT_MESSAGE_NOT_FOUND` ("Assistant message not found"): no visible stored answer matches the four identifiers exactly.
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "ASSISTANT_MESSAGE_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `FEEDBACK_SAVE_FAILED` ("Failed to save feedback"): the reaction could not be read or stored.
                 *     - `INTERNAL` ("Internal server error"): the guest-session check failed unexpectedly.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "FEEDBACK_SAVE_FAILED" | "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        /**
         * Set, change or remove the reaction on an assistant answer
         * @description Stores the buyer's reaction on one answer: `messageId` is `assistantMessageId` from generation or an assistant `id` from history.
         *     `reaction: null` removes it. Accepted only when `tenant_id`, `resourceId`, `threadId` and `messageId` match the stored answer
         *     exactly, the dialog is visible and belongs to the caller; otherwise one 404.
         *     One reaction per answer: `like` and `dislike` replace each other, the same reaction again changes nothing (`updatedAt` included).
         *     Only answers stored by generation can be rated; debug answers cannot.
         *
         *     **Access.** A resource registered through a guest session needs `Authorization: Bearer <accessToken>`; a resource never registered
         *     works without it. The section's IP allow-list applies. Identifiers: 1–512 characters.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tenant_id: string;
                        resourceId: string;
                        threadId: string;
                        messageId: string;
                        reaction: ("like" | "dislike") | null;
                    };
                };
            };
            responses: {
                /** @description The stored state. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reaction: ("like" | "dislike") | null;
                            /** @description ISO 8601 UTC of the last change */
                            updatedAt: string;
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "body/reaction must be equal to constant"): a field is missing, empty, unknown, too long or not storable text, or `reaction` is not `like`, `dislike` or null.
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): the body is not valid JSON, or nests arrays and objects more than 32 levels deep.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `GUEST_RESOURCE_MISMATCH` ("The guest token belongs to another section or resource"): the token belongs to another section (`tenant_id`) or another `resourceId` than the request names.
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_RESOURCE_MISMATCH" | "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `MESSAGE_NOT_FOUND` ("Message not found"): no visible answer of this caller matches the four identifiers exactly.
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "MESSAGE_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `FEEDBACK_SAVE_FAILED` ("Failed to save feedback"): the reaction could not be read or stored.
                 *     - `INTERNAL` ("Internal server error"): the guest-session check failed unexpectedly.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "FEEDBACK_SAVE_FAILED" | "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/events/{signed}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tracking link from an answer (impression, click); answers 204
         * @description The target of the tracking URLs in generation answers (`IMP`, `WRIMP`, `visible_impression`, `click`): call each URL with GET
         *     as it is, when its condition is met (see POST /shopping/generate). Aisle records the event for the shop's report and answers
         *     204 at once; a failed call must not block the interface. The link is signed: it names the section, the answer and the product,
         *     never the buyer or the dialog. The debug stub's link answers 204 and records nothing. No token, no IP restriction.
         *
         *     **Cache.** `Cache-Control: no-store`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description The signed event, as it came in the URL.
                     * @example eyJ0IjoiZGVtbyIsInkiOiJjbGljayIsInMiOiIxMDEwMDYifQ.IJCg0gKHv69yCwZincGIZA
                     */
                    signed: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Recorded (or the debug link). */
                204: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "params/signed must NOT have fewer than 1 characters"): the signed part is empty or longer than 4,096 characters.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `NOT_FOUND` ("Not found"): the signature is not valid: the link was altered or not issued by this service.
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dialogs/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an immutable public snapshot of a dialog
         * @description Creates a public, read-only snapshot of a dialog that anyone holding the link can open (GET `shared_path`) for 30 days. The
         *     snapshot is fixed at creation: later messages do not change it, and every call creates a new, independent link. It ends at
         *     `through_message_id` (a user or assistant message of the dialog, included; a user message may be named by the client id it was
         *     sent with) or, by default, at the last message. The section is taken from the dialog; `tenant_id`, `client_id` or any other
         *     field is refused. The snapshot keeps message texts (including anything personal the buyer wrote) and product cards, and leaves
         *     out identifiers, uploaded images, buttons, quick replies, reactions and tracking.
         *
         *     **Access.** A resource registered through a guest session needs `Authorization: Bearer <accessToken>` here too, though the contract's own description of sharing names no header; a resource never registered works without it. Not restricted by the IP list. The dialog must belong to `user_id` (and to the token's session) and be visible.
         *
         *     **Limits.** 20 share creates and revokes per minute per IP address; 5 links per minute per dialog.
         *
         *     **Cache.** `Cache-Control: no-store` on every answer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        user_id: string;
                        dialog_id: string;
                        through_message_id?: string;
                    };
                };
            };
            responses: {
                /** @description Created. Send the buyer `shared_path` on your public address; keep `share_token` to revoke the link. */
                201: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Secret of the link: 43 base64url characters (32 random bytes) */
                            share_token: string;
                            /** @description /dialogs/shared/{share_token} */
                            shared_path: string;
                            /** @description The last message included, in the id form history shows */
                            through_message_id: string;
                            /** @description ISO 8601 UTC; 30 days after creation */
                            expires_at: string;
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "body has an unexpected field "tenant_id""): a field is missing, empty, too long or not storable text, or a field outside the contract was sent.
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): the body is not valid JSON, or nests arrays and objects more than 32 levels deep.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `GUEST_RESOURCE_MISMATCH` ("The guest token belongs to another section or resource"): the token belongs to another buyer than `user_id`.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_RESOURCE_MISMATCH";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `DIALOG_NOT_FOUND` ("Dialog not found"): no dialog `dialog_id` of `user_id` (or it is hidden, of another guest session, or its section is no longer configured; without a token, also when the pair exists in several sections).
                 *     - `MESSAGE_NOT_FOUND` ("Message not found"): `through_message_id` is not a message of this dialog.
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "DIALOG_NOT_FOUND" | "MESSAGE_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Too Many Requests. `code` tells which case it is:
                 *
                 *     - `RATE_LIMITED` ("Too many requests; retry later"): more than 20 share creates and revokes in a minute from this IP address, or more than 5 links in a minute for this dialog.
                 */
                429: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        /** @description Whole seconds to wait before the next attempt. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 429;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): the snapshot could not be created.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while finding the dialog and checking access.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dialogs/share/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a public link
         * @description Revokes one link: `user_id`, `dialog_id` and `share_token` must all match. Answers 204 after revoking, on repeat, and also when
         *     no such combination exists, so the answer does not tell whether a link existed. Afterwards the public read answers 404.
         *
         *     **Access.** A resource registered through a guest session needs `Authorization: Bearer <accessToken>` here too, though the contract's own description of sharing names no header; a resource never registered works without it. Not restricted by the IP list.
         *
         *     **Limits.** 20 share creates and revokes per minute per IP address.
         *
         *     **Cache.** `Cache-Control: no-store` on every answer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        user_id: string;
                        dialog_id: string;
                        share_token: string;
                    };
                };
            };
            responses: {
                /** @description Revoked, or there was nothing to revoke. */
                204: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "body must have required property 'share_token'"): a field is missing, empty, too long or not storable text, or a field outside the contract was sent.
                 *     - `MALFORMED_JSON` ("The request body is not valid JSON"): the body is not valid JSON, or nests arrays and objects more than 32 levels deep.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST" | "MALFORMED_JSON";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): the resource was registered through a guest session (POST /shopping/guest-sessions) and no `Authorization: Bearer` header was sent; registration cannot be undone, so the token is needed from then on, also after it was revoked.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired (30 days without a successful request) or revoked. A lost, expired or revoked token cannot be reissued for the same `resourceId`.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `GUEST_RESOURCE_MISMATCH` ("The guest token belongs to another section or resource"): the token belongs to another buyer than `user_id`.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_RESOURCE_MISMATCH";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Too Many Requests. `code` tells which case it is:
                 *
                 *     - `RATE_LIMITED` ("Too many requests; retry later"): more than 20 share creates and revokes in a minute from this IP address.
                 */
                429: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        /** @description Whole seconds to wait before the next attempt. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 429;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): the link could not be revoked.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while finding the dialog and checking access.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dialogs/shared/{share_token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a public snapshot by its link token
         * @description The public page of a shared dialog: no guest token, no identifiers, no IP restriction; the link token is the only key. The token
         *     cannot continue or change the dialog. A malformed, unknown, expired or revoked link, and a link whose dialog was hidden, all
         *     answer the same 404: show one "link unavailable" state. User messages carry their text; answers carry `message` and
         *     `products` blocks only.
         *
         *     **Limits.** 60 reads per minute per IP address, and 10 failed (404) reads per minute per IP address; past either, 429.
         *
         *     **Cache.** `Cache-Control: no-store` on every answer.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description The secret of the link: the last segment of `shared_path`.
                     * @example H3N2PYMecRzripZDTMT8AAVv6XapC0Yn9sTzDOfWXXI
                     */
                    share_token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The snapshot. */
                200: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Snapshot creation time, ISO 8601 UTC */
                            created_at: string;
                            /** @description Link expiry, ISO 8601 UTC */
                            expires_at: string;
                            messages: ({
                                /** @enum {string} */
                                role: "user";
                                /** @description ISO 8601 UTC */
                                created_at: string;
                                /** @description The text of the message; images are left out */
                                content: string;
                            } | {
                                /** @enum {string} */
                                role: "assistant";
                                /** @description ISO 8601 UTC */
                                created_at: string;
                                response: {
                                    contents: ({
                                        /** @enum {string} */
                                        type: "message";
                                        value: string;
                                    } | {
                                        /** @enum {string} */
                                        type: "products";
                                        title?: string;
                                        categories?: string[];
                                        value: {
                                            sku?: string;
                                            category_id?: string;
                                            name: string;
                                            price?: number | null;
                                            features?: string;
                                            brand?: string;
                                            url?: string;
                                            image_url?: string;
                                        }[];
                                    })[];
                                };
                            })[];
                        };
                    };
                };
                /**
                 * @description Not Found. `code` tells which case it is:
                 *
                 *     - `SHARE_NOT_FOUND` ("This link is not available"): the link is malformed, unknown, expired or revoked, or its dialog was hidden.
                 */
                404: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 404;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "SHARE_NOT_FOUND";
                            /** @enum {string} */
                            error: "Not Found";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Too Many Requests. `code` tells which case it is:
                 *
                 *     - `RATE_LIMITED` ("Too many requests; retry later"): more than 60 reads, or more than 10 failed reads, in a minute from this IP address.
                 */
                429: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        /** @description Whole seconds to wait before the next attempt. */
                        "Retry-After"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 429;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "RATE_LIMITED";
                            /** @enum {string} */
                            error: "Too Many Requests";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): the snapshot could not be read.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shopping/starter-prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Five starter prompts for the welcome screen, chosen for the page and the buyer
         * @description Chooses five buttons for the welcome screen before the first message, from the section's prompt set, for the page type and
         *     (only when the section keeps memory between dialogs) this guest session's earlier messages. It creates no dialog and sends no
         *     message. When the buyer presses a button, send its `text` as an ordinary new message to POST /shopping/generate with the same
         *     token and the current page context; `selectionId`, `promptSetVersion` and the prompt `id` are not sent there.
         *
         *     Three answers: `{enabled: false}` when the section has no prompt set; `enabled`, `selectionId`, `promptSetVersion` and five
         *     prompts; or the same with an empty `prompts` when the selection failed (timeout or model error), with no stand-in prompts.
         *
         *     **Access.** Needs `Authorization: Bearer <accessToken>`: section and buyer come from the token, so the body names neither
         *     (`tenant_id`, `tenantId`, `resourceId`, `threadId`, `messages`, `runtimeContext` are refused). The section's IP allow-list applies.
         *     Only POST: other methods on this path answer 405 with `Allow: POST`.
         *
         *     **Limits.** Only `ctx` at the top level; it may be omitted or null, and `{}` or no body is valid. Serialised `ctx` at most 32,000
         *     characters; `ctx.type` and `ctx.lng` at most 100, `ctx.location` at most 500.
         *
         *     **Cache.** `Cache-Control: no-store` on every answer.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ctx?: ({
                            type?: string;
                            data?: unknown;
                            lng?: string | null;
                            location?: string | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                    };
                };
            };
            responses: {
                /** @description The selection (or `{enabled: false}`). */
                200: {
                    headers: {
                        /** @description The answer must not be cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            enabled: boolean;
                            /** Format: uuid */
                            selectionId?: string;
                            promptSetVersion?: number;
                            prompts?: {
                                id: string;
                                text: string;
                            }[];
                        };
                    };
                };
                /**
                 * @description Bad Request. `code` tells which case it is:
                 *
                 *     - `INVALID_REQUEST` (message like "body has an unexpected field "tenant_id""): the body is not valid JSON, has a top-level field other than `ctx`, or `ctx` exceeds its limits or holds text that is not storable.
                 */
                400: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 400;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INVALID_REQUEST";
                            /** @enum {string} */
                            error: "Bad Request";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unauthorized. `code` tells which case it is:
                 *
                 *     - `GUEST_TOKEN_REQUIRED` ("A guest token is required for this resource"): no `Authorization: Bearer` header was sent.
                 *     - `INVALID_GUEST_TOKEN` ("The guest token is invalid, expired or revoked"): the token is malformed, unknown, expired or revoked, or its section is no longer configured.
                 */
                401: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 401;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "GUEST_TOKEN_REQUIRED" | "INVALID_GUEST_TOKEN";
                            /** @enum {string} */
                            error: "Unauthorized";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Forbidden. `code` tells which case it is:
                 *
                 *     - `IP_NOT_ALLOWED` ("This address is not allowed for the section"): the caller's address is not in the section's IP allow-list.
                 */
                403: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 403;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "IP_NOT_ALLOWED";
                            /** @enum {string} */
                            error: "Forbidden";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Payload Too Large. `code` tells which case it is:
                 *
                 *     - `BODY_TOO_LARGE` ("The request body is too large"): the body is larger than 1 MiB (8 MiB for generation); the connection is closed after the answer, the rest of the body is read and discarded first.
                 */
                413: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 413;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "BODY_TOO_LARGE";
                            /** @enum {string} */
                            error: "Payload Too Large";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Unsupported Media Type. `code` tells which case it is:
                 *
                 *     - `UNSUPPORTED_MEDIA_TYPE` ("The request body must be application/json"): a body was sent with a `Content-Type` other than `application/json`.
                 */
                415: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 415;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "UNSUPPORTED_MEDIA_TYPE";
                            /** @enum {string} */
                            error: "Unsupported Media Type";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Internal Server Error. `code` tells which case it is:
                 *
                 *     - `INTERNAL` ("Internal server error"): the guest-session check failed unexpectedly.
                 */
                500: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 500;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "INTERNAL";
                            /** @enum {string} */
                            error: "Internal Server Error";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `AUTH_STORAGE_UNAVAILABLE` ("The session store is unavailable; try again"): the database could not be reached while checking or storing the guest session or access; nothing was changed, retry later with the same token.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "AUTH_STORAGE_UNAVAILABLE";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Answers 200 as long as the process serves HTTP, whatever the database does. No token; for probes, not for clients.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The process is up. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
        };
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
         * Readiness: the database answers
         * @description Answers 200 when the database answers a query, else 503: take the instance out of rotation until it is ready again. No token.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready to serve. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "ready";
                        };
                    };
                };
                /**
                 * @description Service Unavailable. `code` tells which case it is:
                 *
                 *     - `NOT_READY` ("The database does not answer"): the database did not answer a query.
                 */
                503: {
                    headers: {
                        /** @description Errors are never cached. */
                        "Cache-Control"?: "no-store";
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {integer} */
                            statusCode: 503;
                            /**
                             * @description Stable code: branch on it, not on the message.
                             * @enum {string}
                             */
                            code: "NOT_READY";
                            /** @enum {string} */
                            error: "Service Unavailable";
                            /** @description Readable explanation; may name the field at fault. */
                            message: string;
                        };
                    };
                };
            };
        };
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
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
