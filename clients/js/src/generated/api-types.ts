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
        /** Register a guest session for a resource */
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
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            sessionId: string;
                            /** @description gst_ + 43 base64url characters; returned only here */
                            accessToken: string;
                            /** @enum {string} */
                            tokenType: "Bearer";
                            resourceId: string;
                            /** @description Initial expiry, ISO 8601 UTC with milliseconds */
                            expiresAt: string;
                        };
                    };
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Revoke a guest token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Send a buyer message and get the assistant answer */
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
                            /** @description Context of the current page (spec 2.3); further fields are accepted and ignored. */
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
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            threadId: string;
                            resourceId: string;
                            assistantMessageId?: string;
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
                            responseLatencyMs?: number;
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Read the messages of a dialog, oldest first, a page at a time */
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
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** List the guest session's dialogs, most recently active first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Hide a dialog from the list (there is no restoration) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    threadId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Ready like/dislike link from the events of a generation answer */
        get: {
            parameters: {
                query: {
                    tenant_id: string;
                    resourceId: string;
                    threadId: string;
                    messageId: string;
                    reaction: "like" | "dislike";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
            };
        };
        /** Set, change or remove the reaction on an assistant answer */
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
                /** @description Default Response */
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Tracking link from an answer (impression, click); answers 204 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    signed: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
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
         * @description No Authorization header by contract; a resource registered through a guest session still needs its guest token. The section is taken from the dialog. Every success is a separate snapshot, valid 30 days.
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
                /** @description Default Response */
                201: {
                    headers: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
         * @description 204 on success, on repeat, and when no such combination of user, dialog and link exists.
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
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
         * @description No guest token and no IP restriction. One indistinguishable 404 for a malformed, unknown, expired or revoked link, or a hidden source dialog.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    share_token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
        /** Five starter prompts for the welcome screen, chosen for the page and the buyer */
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
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
                            message: string;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            statusCode: number;
                            code: string;
                            error: string;
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
