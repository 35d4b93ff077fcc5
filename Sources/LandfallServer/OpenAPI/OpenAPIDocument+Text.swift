/// The OpenAPI 3.0 document of every route the server answers, served at `GET /openapi.json`.
///
/// Kept in Swift rather than as a bundle resource: a resource bundle must sit beside the binary, and
/// a `landfall` copied on its own would lose the document (Foundation's `Bundle.module` traps when its
/// bundle is missing). `OpenAPIDocumentTests` checks that it parses and that it names exactly the
/// router's routes, so a new route without its entry here fails the tests.
enum OpenAPIDocument {
    static let text = ##"""
{
  "openapi": "3.0.3",
  "info": {
    "title": "Landfall",
    "version": "1.0.0",
    "description": "Self-hosted deep linking and install attribution. Every route the server answers is here; errors are `{\"error\": {\"code\", \"message\"}}` (Branch's routes: `code` is the HTTP status)."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "tags": [
    {
      "name": "health"
    },
    {
      "name": "well-known"
    },
    {
      "name": "apps"
    },
    {
      "name": "links"
    },
    {
      "name": "templates"
    },
    {
      "name": "sdk"
    },
    {
      "name": "installs"
    },
    {
      "name": "privacy"
    },
    {
      "name": "s2s"
    },
    {
      "name": "branch"
    },
    {
      "name": "skadnetwork"
    },
    {
      "name": "referrals"
    },
    {
      "name": "analytics"
    },
    {
      "name": "webhooks"
    },
    {
      "name": "dashboard"
    },
    {
      "name": "redirect"
    }
  ],
  "paths": {
    "/health": {
      "get": {
        "operationId": "liveness",
        "tags": [
          "health"
        ],
        "summary": "The process answers",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Status"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/health/ready": {
      "get": {
        "operationId": "readiness",
        "tags": [
          "health"
        ],
        "summary": "The database answers",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Status"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/sdk/v1/health": {
      "get": {
        "operationId": "sdkHealth",
        "tags": [
          "sdk"
        ],
        "summary": "The SDK's health check (LinkForty)",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Status"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openAPIDocument",
        "tags": [
          "health"
        ],
        "summary": "This document",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/metrics": {
      "get": {
        "operationId": "metrics",
        "tags": [
          "health"
        ],
        "summary": "Prometheus exposition of counters and latencies",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/.well-known/apple-app-site-association": {
      "get": {
        "operationId": "appleAppSiteAssociation",
        "tags": [
          "well-known"
        ],
        "summary": "Universal Links file of the app on this host",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/apple-app-site-association": {
      "get": {
        "operationId": "appleAppSiteAssociationRoot",
        "tags": [
          "well-known"
        ],
        "summary": "Universal Links file at the root path older iOS reads",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/.well-known/assetlinks.json": {
      "get": {
        "operationId": "assetLinks",
        "tags": [
          "well-known"
        ],
        "summary": "Android App Links file of the app on this host",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "object"
                  }
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/apps": {
      "post": {
        "operationId": "createApp",
        "tags": [
          "apps"
        ],
        "summary": "Create an app",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/App"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AppInput"
              }
            }
          }
        }
      },
      "get": {
        "operationId": "listApps",
        "tags": [
          "apps"
        ],
        "summary": "List apps",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AppList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/apps/{appId}": {
      "get": {
        "operationId": "getApp",
        "tags": [
          "apps"
        ],
        "summary": "Show an app",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/App"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "patch": {
        "operationId": "updateApp",
        "tags": [
          "apps"
        ],
        "summary": "Change an app (JSON merge patch)",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/App"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/merge-patch+json": {
              "schema": {
                "$ref": "#/components/schemas/AppPatch"
              }
            },
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/AppPatch"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteApp",
        "tags": [
          "apps"
        ],
        "summary": "Delete an app and everything it owns",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/apps/{appId}/attribution-model": {
      "get": {
        "operationId": "getAttributionModel",
        "tags": [
          "apps"
        ],
        "summary": "The app's learned attribution model: per platform, its parameters beside their defaults, the evidence behind them, the cut in force and the expected precision and recall there",
        "security": [
          {
            "adminToken": []
          },
          {
            "secretKey": []
          }
        ],
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The model",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AttributionModel"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/apps/{appId}/keys": {
      "post": {
        "operationId": "createKey",
        "tags": [
          "apps"
        ],
        "summary": "Create a key; the answer is the only time it is shown",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Key"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/KeyInput"
              }
            }
          }
        }
      },
      "get": {
        "operationId": "listKeys",
        "tags": [
          "apps"
        ],
        "summary": "List an app's keys (prefixes only)",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/KeyList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/apps/{appId}/keys/{keyId}": {
      "delete": {
        "operationId": "revokeKey",
        "tags": [
          "apps"
        ],
        "summary": "Revoke a key",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "keyId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/apps/{appId}/branch-keys": {
      "post": {
        "operationId": "importBranchKeys",
        "tags": [
          "branch"
        ],
        "summary": "Import an app's Branch key and secret so Branch clients keep working",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/KeyList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BranchKeysInput"
              }
            }
          }
        }
      }
    },
    "/api/apps/{appId}/skan-schema": {
      "get": {
        "operationId": "getConversionSchema",
        "tags": [
          "skadnetwork"
        ],
        "summary": "The app's conversion-value schema",
        "security": [
          {
            "adminToken": []
          },
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConversionSchema"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "put": {
        "operationId": "putConversionSchema",
        "tags": [
          "skadnetwork"
        ],
        "summary": "Set the app's conversion-value schema",
        "security": [
          {
            "adminToken": []
          },
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConversionSchema"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConversionSchema"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteConversionSchema",
        "tags": [
          "skadnetwork"
        ],
        "summary": "Remove the app's conversion-value schema",
        "security": [
          {
            "adminToken": []
          },
          {
            "secretKey": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/apps/{appId}/skan-dev-key": {
      "get": {
        "operationId": "getConversionDevKey",
        "tags": [
          "skadnetwork"
        ],
        "summary": "The app's AppsFlyer-style dev key (prefix only)",
        "security": [
          {
            "adminToken": []
          },
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DevKey"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "post": {
        "operationId": "rotateConversionDevKey",
        "tags": [
          "skadnetwork"
        ],
        "summary": "Create or rotate the dev key; shown once",
        "security": [
          {
            "adminToken": []
          },
          {
            "secretKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DevKey"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/links": {
      "post": {
        "operationId": "createLink",
        "tags": [
          "links"
        ],
        "summary": "Create a link (a publishable key creates a share link)",
        "security": [
          {
            "secretKey": []
          },
          {
            "publishableKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            }
          },
          "200": {
            "description": "An identical share link already existed",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/LinkInput"
              }
            }
          }
        }
      },
      "get": {
        "operationId": "listLinks",
        "tags": [
          "links"
        ],
        "summary": "List links, newest first",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/LinkPage"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 200
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "externalUserId",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "templateId",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "isActive",
            "in": "query",
            "required": false,
            "schema": {
              "type": "boolean"
            }
          }
        ]
      }
    },
    "/api/links/{linkId}": {
      "get": {
        "operationId": "getLink",
        "tags": [
          "links"
        ],
        "summary": "Show a link",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "patch": {
        "operationId": "updateLink",
        "tags": [
          "links"
        ],
        "summary": "Change a link (JSON merge patch)",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/merge-patch+json": {
              "schema": {
                "$ref": "#/components/schemas/LinkPatch"
              }
            },
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/LinkPatch"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteLink",
        "tags": [
          "links"
        ],
        "summary": "Delete a link",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/links/{linkId}/qr": {
      "get": {
        "operationId": "linkQRCode",
        "tags": [
          "links"
        ],
        "summary": "The link's short URL as a QR code",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "The image",
            "content": {
              "image/png": {
                "schema": {
                  "type": "string",
                  "format": "binary"
                }
              },
              "image/svg+xml": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "format",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "png",
                "svg"
              ]
            }
          },
          {
            "name": "size",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 64,
              "maximum": 2048
            }
          },
          {
            "name": "ecc",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "L",
                "M",
                "Q",
                "H"
              ]
            }
          }
        ]
      }
    },
    "/api/safety/domains": {
      "get": {
        "operationId": "listAppSafetyDomains",
        "tags": [
          "links"
        ],
        "summary": "Domains on the app's warn and block list",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SafetyDomainList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/safety/domains/{domain}": {
      "put": {
        "operationId": "putAppSafetyDomain",
        "tags": [
          "links"
        ],
        "summary": "Warn about or block a domain on the app's list; links to it change at once",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SafetyDomain"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "domain",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A host name; its subdomains are covered too"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SafetyDomainInput"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteAppSafetyDomain",
        "tags": [
          "links"
        ],
        "summary": "Take a domain off the app's list",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SafetyDomainRemoved"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "domain",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A host name; its subdomains are covered too"
          }
        ]
      }
    },
    "/api/admin/safety/domains": {
      "get": {
        "operationId": "listDeploymentSafetyDomains",
        "tags": [
          "links"
        ],
        "summary": "Domains on the deployment's warn and block list",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SafetyDomainList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/admin/safety/domains/{domain}": {
      "put": {
        "operationId": "putDeploymentSafetyDomain",
        "tags": [
          "links"
        ],
        "summary": "Warn about or block a domain on the deployment's list; links to it change at once",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SafetyDomain"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "domain",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A host name; its subdomains are covered too"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SafetyDomainInput"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteDeploymentSafetyDomain",
        "tags": [
          "links"
        ],
        "summary": "Take a domain off the deployment's list",
        "security": [
          {
            "adminToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/SafetyDomainRemoved"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "domain",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A host name; its subdomains are covered too"
          }
        ]
      }
    },
    "/api/templates": {
      "post": {
        "operationId": "createTemplate",
        "tags": [
          "templates"
        ],
        "summary": "Create a link template",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Template"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TemplateInput"
              }
            }
          }
        }
      },
      "get": {
        "operationId": "listTemplates",
        "tags": [
          "templates"
        ],
        "summary": "List templates",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/TemplateList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/templates/{templateId}": {
      "get": {
        "operationId": "getTemplate",
        "tags": [
          "templates"
        ],
        "summary": "Show a template",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Template"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "templateId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "patch": {
        "operationId": "updateTemplate",
        "tags": [
          "templates"
        ],
        "summary": "Change a template (JSON merge patch)",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Template"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "templateId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/merge-patch+json": {
              "schema": {
                "$ref": "#/components/schemas/TemplatePatch"
              }
            },
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TemplatePatch"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteTemplate",
        "tags": [
          "templates"
        ],
        "summary": "Delete a template",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "templateId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/sdk/v1/install": {
      "post": {
        "operationId": "reportInstall",
        "tags": [
          "sdk"
        ],
        "summary": "Report a first launch; answers the deferred deep link",
        "security": [
          {
            "publishableKey": []
          },
          {
            "secretKey": []
          },
          {}
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InstallResponse"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/InstallRequest"
              }
            }
          }
        }
      }
    },
    "/api/sdk/v1/resolve/{segment}": {
      "get": {
        "operationId": "resolveLink",
        "tags": [
          "sdk"
        ],
        "summary": "Resolve a short code opened in the app (direct deep link)",
        "security": [
          {
            "publishableKey": []
          },
          {
            "secretKey": []
          },
          {}
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeepLinkData"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "segment",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The short code"
          },
          {
            "name": "fp_platform",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_pv",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_sw",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "fp_sh",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "fp_tz",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_lang",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/sdk/v1/resolve/{segment}/{code}": {
      "get": {
        "operationId": "resolveTemplateLink",
        "tags": [
          "sdk"
        ],
        "summary": "Resolve a template-scoped short code",
        "security": [
          {
            "publishableKey": []
          },
          {
            "secretKey": []
          },
          {}
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DeepLinkData"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "segment",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The template's slug"
          },
          {
            "name": "code",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_platform",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_pv",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_sw",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "fp_sh",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer"
            }
          },
          {
            "name": "fp_tz",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "fp_lang",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/sdk/v1/event": {
      "post": {
        "operationId": "recordEvent",
        "tags": [
          "sdk"
        ],
        "summary": "Record an in-app event",
        "security": [
          {
            "publishableKey": []
          },
          {
            "secretKey": []
          },
          {}
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EventResponse"
                }
              }
            }
          },
          "200": {
            "description": "Already recorded (same eventId)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EventResponse"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/EventRequest"
              }
            }
          }
        }
      }
    },
    "/api/sdk/v1/events": {
      "post": {
        "operationId": "recordEvents",
        "tags": [
          "sdk"
        ],
        "summary": "Record up to 100 queued events at once",
        "security": [
          {
            "publishableKey": []
          },
          {
            "secretKey": []
          },
          {}
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EventBatchResponse"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/EventBatch"
              }
            }
          }
        }
      }
    },
    "/api/sdk/v1/links": {
      "post": {
        "operationId": "createShareLink",
        "tags": [
          "sdk"
        ],
        "summary": "Create a share link from the app (LinkForty createLink)",
        "security": [
          {
            "secretKey": []
          },
          {
            "publishableKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreateLinkResult"
                }
              }
            }
          },
          "200": {
            "description": "An identical link already existed",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreateLinkResult"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateLinkOptions"
              }
            }
          }
        }
      }
    },
    "/api/v1/beacon": {
      "post": {
        "operationId": "interstitialBeacon",
        "tags": [
          "redirect"
        ],
        "summary": "Screen, time zone and language the interstitial page measured for its click",
        "security": [],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Beacon"
              }
            }
          }
        }
      }
    },
    "/api/installs/{installId}": {
      "get": {
        "operationId": "getInstall",
        "tags": [
          "installs"
        ],
        "summary": "An install with its attribution, click and link",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Install"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "installId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/privacy/erasures": {
      "post": {
        "operationId": "erasePerson",
        "tags": [
          "privacy"
        ],
        "summary": "Erase one person (GDPR article 17): every row tied to an install id or an external user id, in one transaction",
        "description": "Give exactly one of installId and externalUserId. An external user id also erases the installs it is tied to (as a referee, in the referral identities, or as a Branch identity) and the user's share links. An id that is not stored answers 200 with zero counts, so a retry succeeds.",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Erasure"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ErasureRequest"
              }
            }
          }
        }
      }
    },
    "/api/s2s/v1/clicks": {
      "post": {
        "operationId": "recordS2SClicks",
        "tags": [
          "s2s"
        ],
        "summary": "Record one click, or up to 1,000 as {\"clicks\": [...]}, from an ad network's server",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/S2SClickResults"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/S2SClickBatch"
                  },
                  {
                    "$ref": "#/components/schemas/S2SClick"
                  }
                ]
              }
            }
          }
        }
      }
    },
    "/api/s2s/v1/installs": {
      "post": {
        "operationId": "recordS2SInstall",
        "tags": [
          "s2s"
        ],
        "summary": "Report an install on a device's behalf, with its stated IP and time",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InstallResponse"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/S2SInstallRequest"
              }
            }
          }
        }
      }
    },
    "/v1/open": {
      "post": {
        "operationId": "branchOpen",
        "tags": [
          "branch"
        ],
        "summary": "Branch's server-to-server open",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/BranchOpenResponse"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/BranchError"
          }
        },
        "parameters": [
          {
            "name": "X-IP-Override",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BranchOpenRequest"
              }
            }
          }
        }
      }
    },
    "/v1/url": {
      "post": {
        "operationId": "branchCreateURL",
        "tags": [
          "branch"
        ],
        "summary": "Create a Branch-style deep link",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "url": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "url"
                  ]
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/BranchError"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BranchURLRequest"
              }
            }
          }
        }
      },
      "get": {
        "operationId": "branchReadURL",
        "tags": [
          "branch"
        ],
        "summary": "Read a link's Branch data",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/BranchError"
          }
        },
        "parameters": [
          {
            "name": "branch_key",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "url",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/v2/event/standard": {
      "post": {
        "operationId": "branchStandardEvent",
        "tags": [
          "branch"
        ],
        "summary": "Record a Branch standard event",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "branch_view_enabled": {
                      "type": "boolean"
                    }
                  }
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/BranchError"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BranchEventRequest"
              }
            }
          }
        }
      }
    },
    "/v2/event/custom": {
      "post": {
        "operationId": "branchCustomEvent",
        "tags": [
          "branch"
        ],
        "summary": "Record a Branch custom event",
        "security": [],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "properties": {
                    "branch_view_enabled": {
                      "type": "boolean"
                    }
                  }
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/BranchError"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/BranchEventRequest"
              }
            }
          }
        }
      }
    },
    "/api/v1.0/conversion-value": {
      "get": {
        "operationId": "conversionValueV1",
        "tags": [
          "skadnetwork"
        ],
        "summary": "AppsFlyer SDK-less conversion value, v1 answer (signed request)",
        "security": [
          {
            "conversionSignature": []
          },
          {}
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConversionValue"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "uid",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "app_id",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "sdk_version",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "af_timestamp",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "af_sig",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "Af-Timestamp",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/v2.0/conversion-value": {
      "get": {
        "operationId": "conversionValueV2",
        "tags": [
          "skadnetwork"
        ],
        "summary": "AppsFlyer SDK-less conversion value, v2 answer (signed request)",
        "security": [
          {
            "conversionSignature": []
          },
          {}
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConversionValue"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "uid",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "app_id",
            "in": "query",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "sdk_version",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "af_timestamp",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "af_sig",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "Af-Timestamp",
            "in": "header",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/referrals/program": {
      "get": {
        "operationId": "getReferralProgram",
        "tags": [
          "referrals"
        ],
        "summary": "The app's referral program",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ReferralProgram"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      },
      "put": {
        "operationId": "putReferralProgram",
        "tags": [
          "referrals"
        ],
        "summary": "Set the app's referral program",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ReferralProgram"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReferralProgramInput"
              }
            }
          }
        }
      }
    },
    "/api/referrals/invites": {
      "post": {
        "operationId": "createInvite",
        "tags": [
          "referrals"
        ],
        "summary": "A user's invite link and referral code",
        "security": [
          {
            "secretKey": []
          },
          {
            "publishableKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Invite"
                }
              }
            }
          },
          "200": {
            "description": "The user's existing invite",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Invite"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/InviteInput"
              }
            }
          }
        }
      }
    },
    "/api/referrals": {
      "post": {
        "operationId": "registerReferral",
        "tags": [
          "referrals"
        ],
        "summary": "Register a referred user",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Referral"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RegistrationInput"
              }
            }
          }
        }
      }
    },
    "/api/referrals/flagged": {
      "get": {
        "operationId": "flaggedReferrals",
        "tags": [
          "referrals"
        ],
        "summary": "Flagged referrals, the review queue",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ReferralPage"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/referrals/{referralId}": {
      "get": {
        "operationId": "getReferral",
        "tags": [
          "referrals"
        ],
        "summary": "Show a referral",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Referral"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "referralId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "pattern": "^[0-9]+$"
            }
          }
        ]
      }
    },
    "/api/referrals/{referralId}/complete": {
      "post": {
        "operationId": "completeReferral",
        "tags": [
          "referrals"
        ],
        "summary": "Complete a referral by hand",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Referral"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "referralId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "pattern": "^[0-9]+$"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReviewInput"
              }
            }
          }
        }
      }
    },
    "/api/referrals/{referralId}/reverse": {
      "post": {
        "operationId": "reverseReferral",
        "tags": [
          "referrals"
        ],
        "summary": "Reverse a referral",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Referral"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "referralId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "pattern": "^[0-9]+$"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ReviewInput"
              }
            }
          }
        }
      }
    },
    "/api/users/{userId}/referrals": {
      "get": {
        "operationId": "userReferrals",
        "tags": [
          "referrals"
        ],
        "summary": "A referrer's referrals (seed 003 shape)",
        "security": [
          {
            "secretKey": []
          },
          {
            "publishableKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "$ref": "#/components/schemas/ReferralListItem"
                  }
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "userId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/analytics/overview": {
      "get": {
        "operationId": "analyticsOverview",
        "tags": [
          "analytics"
        ],
        "summary": "Clicks, installs, events and revenue of the app",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AnalyticsOverview"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "from",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "description": "ISO 8601 time or YYYY-MM-DD"
            }
          },
          {
            "name": "to",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "description": "ISO 8601 time or YYYY-MM-DD"
            }
          }
        ]
      }
    },
    "/api/analytics/links/{linkId}": {
      "get": {
        "operationId": "analyticsLink",
        "tags": [
          "analytics"
        ],
        "summary": "The same numbers for one link",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AnalyticsOverview"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "from",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "description": "ISO 8601 time or YYYY-MM-DD"
            }
          },
          {
            "name": "to",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "description": "ISO 8601 time or YYYY-MM-DD"
            }
          }
        ]
      }
    },
    "/api/analytics/series": {
      "get": {
        "operationId": "analyticsSeries",
        "tags": [
          "analytics"
        ],
        "summary": "Time series by hour or day, optionally grouped; JSON or CSV",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "The series",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/AnalyticsSeries"
                }
              },
              "text/csv": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "from",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "description": "ISO 8601 time or YYYY-MM-DD"
            }
          },
          {
            "name": "to",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "description": "ISO 8601 time or YYYY-MM-DD"
            }
          },
          {
            "name": "interval",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "hour",
                "day"
              ]
            }
          },
          {
            "name": "groupBy",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "none",
                "link",
                "template",
                "campaign",
                "platform",
                "country"
              ]
            }
          },
          {
            "name": "linkId",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "maxLength": 64
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100
            }
          },
          {
            "name": "format",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "json",
                "csv"
              ]
            }
          }
        ]
      }
    },
    "/api/webhooks": {
      "post": {
        "operationId": "createWebhookEndpoint",
        "tags": [
          "webhooks"
        ],
        "summary": "Add a webhook endpoint; the answer holds its secret",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "201": {
            "description": "Created",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookEndpointInput"
              }
            }
          }
        }
      },
      "get": {
        "operationId": "listWebhookEndpoints",
        "tags": [
          "webhooks"
        ],
        "summary": "List webhook endpoints",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpointList"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/api/webhooks/{endpointId}": {
      "get": {
        "operationId": "getWebhookEndpoint",
        "tags": [
          "webhooks"
        ],
        "summary": "Show an endpoint",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "patch": {
        "operationId": "updateWebhookEndpoint",
        "tags": [
          "webhooks"
        ],
        "summary": "Change an endpoint (JSON merge patch)",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/merge-patch+json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookEndpointPatch"
              }
            },
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/WebhookEndpointPatch"
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteWebhookEndpoint",
        "tags": [
          "webhooks"
        ],
        "summary": "Remove an endpoint",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "204": {
            "description": "Done"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/webhooks/{endpointId}/rotate-secret": {
      "post": {
        "operationId": "rotateWebhookSecret",
        "tags": [
          "webhooks"
        ],
        "summary": "New signing secret; the old one stays valid 24 h",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookEndpoint"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/webhooks/{endpointId}/deliveries": {
      "get": {
        "operationId": "listWebhookDeliveries",
        "tags": [
          "webhooks"
        ],
        "summary": "Deliveries to an endpoint, newest first",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookDeliveryPage"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "pending",
                "succeeded",
                "failed"
              ]
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/webhooks/{endpointId}/deliveries/{deliveryId}": {
      "get": {
        "operationId": "getWebhookDelivery",
        "tags": [
          "webhooks"
        ],
        "summary": "A delivery with its attempts and payload",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "200": {
            "description": "OK",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookDelivery"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "deliveryId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/api/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver": {
      "post": {
        "operationId": "redeliverWebhook",
        "tags": [
          "webhooks"
        ],
        "summary": "Send a delivery again",
        "security": [
          {
            "secretKey": []
          }
        ],
        "responses": {
          "202": {
            "description": "Queued",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WebhookDelivery"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "endpointId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "deliveryId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/dashboard": {
      "get": {
        "operationId": "dashboardHome",
        "tags": [
          "dashboard"
        ],
        "summary": "Dashboard entry: redirects to the apps or the login page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/dashboard/login": {
      "get": {
        "operationId": "dashboardLoginPage",
        "tags": [
          "dashboard"
        ],
        "summary": "Login form",
        "security": [],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      },
      "post": {
        "operationId": "dashboardLogin",
        "tags": [
          "dashboard"
        ],
        "summary": "Log in with the admin token or an app's secret key",
        "security": [],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "$ref": "#/components/schemas/DashboardForm"
              }
            }
          }
        }
      }
    },
    "/dashboard/logout": {
      "post": {
        "operationId": "dashboardLogout",
        "tags": [
          "dashboard"
        ],
        "summary": "Log out",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "$ref": "#/components/schemas/DashboardForm"
              }
            }
          }
        }
      }
    },
    "/dashboard/apps": {
      "get": {
        "operationId": "dashboardApps",
        "tags": [
          "dashboard"
        ],
        "summary": "Apps page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      },
      "post": {
        "operationId": "dashboardCreateApp",
        "tags": [
          "dashboard"
        ],
        "summary": "Create an app from the apps page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "$ref": "#/components/schemas/DashboardForm"
              }
            }
          }
        }
      }
    },
    "/dashboard/apps/{appId}": {
      "get": {
        "operationId": "dashboardApp",
        "tags": [
          "dashboard"
        ],
        "summary": "An app's page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/dashboard/apps/{appId}/links": {
      "get": {
        "operationId": "dashboardLinks",
        "tags": [
          "dashboard"
        ],
        "summary": "An app's links page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "created",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "saved",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "post": {
        "operationId": "dashboardCreateLink",
        "tags": [
          "dashboard"
        ],
        "summary": "Create a link from the links page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "$ref": "#/components/schemas/DashboardForm"
              }
            }
          }
        }
      }
    },
    "/dashboard/apps/{appId}/links/{linkId}": {
      "get": {
        "operationId": "dashboardLink",
        "tags": [
          "dashboard"
        ],
        "summary": "A link's page with its activity",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      },
      "post": {
        "operationId": "dashboardUpdateLink",
        "tags": [
          "dashboard"
        ],
        "summary": "Save a link from its page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "$ref": "#/components/schemas/DashboardForm"
              }
            }
          }
        }
      }
    },
    "/dashboard/apps/{appId}/links/{linkId}/qr": {
      "get": {
        "operationId": "dashboardLinkQR",
        "tags": [
          "dashboard"
        ],
        "summary": "A link's QR code for the page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "linkId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/dashboard/apps/{appId}/referrals": {
      "get": {
        "operationId": "dashboardReferrals",
        "tags": [
          "dashboard"
        ],
        "summary": "An app's referrals page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/dashboard/apps/{appId}/webhooks": {
      "get": {
        "operationId": "dashboardWebhooks",
        "tags": [
          "dashboard"
        ],
        "summary": "An app's webhooks page",
        "security": [
          {
            "dashboardSession": []
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "Redirect"
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        },
        "parameters": [
          {
            "name": "appId",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ]
      }
    },
    "/{segment}": {
      "get": {
        "operationId": "followLink",
        "tags": [
          "redirect"
        ],
        "summary": "Follow a short link: a redirect, or the interstitial page that hands the click to the app",
        "security": [],
        "parameters": [
          {
            "name": "segment",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The short code"
          }
        ],
        "responses": {
          "200": {
            "description": "Interstitial or preview page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "302": {
            "description": "Redirect to the destination"
          },
          "404": {
            "description": "No active link with that code",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      },
      "head": {
        "operationId": "followLinkHead",
        "tags": [
          "redirect"
        ],
        "summary": "Follow a short link: a redirect, or the interstitial page that hands the click to the app",
        "security": [],
        "parameters": [
          {
            "name": "segment",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The short code"
          }
        ],
        "responses": {
          "200": {
            "description": "Interstitial or preview page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "302": {
            "description": "Redirect to the destination"
          },
          "404": {
            "description": "No active link with that code",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    },
    "/{segment}/{code}": {
      "get": {
        "operationId": "followTemplatedLink",
        "tags": [
          "redirect"
        ],
        "summary": "Follow a short link: a redirect, or the interstitial page that hands the click to the app",
        "security": [],
        "parameters": [
          {
            "name": "segment",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The template's slug"
          },
          {
            "name": "code",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "Interstitial or preview page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "302": {
            "description": "Redirect to the destination"
          },
          "404": {
            "description": "No active link with that code",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      },
      "head": {
        "operationId": "followTemplatedLinkHead",
        "tags": [
          "redirect"
        ],
        "summary": "Follow a short link: a redirect, or the interstitial page that hands the click to the app",
        "security": [],
        "parameters": [
          {
            "name": "segment",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The template's slug"
          },
          {
            "name": "code",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "Interstitial or preview page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "302": {
            "description": "Redirect to the destination"
          },
          "404": {
            "description": "No active link with that code",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "default": {
            "$ref": "#/components/responses/Error"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "adminToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The deployment's admin token: manages apps and keys"
      },
      "secretKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An app's secret key (lf_sk_…): management, link creation, S2S"
      },
      "publishableKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An app's publishable key (lf_pk_…), embedded in apps: SDK calls and share links"
      },
      "conversionSignature": {
        "type": "apiKey",
        "in": "header",
        "name": "Authorization",
        "description": "HMAC-SHA256 signature with the app's dev key, with Af-Timestamp (or af_sig/af_timestamp in the query)"
      },
      "dashboardSession": {
        "type": "apiKey",
        "in": "cookie",
        "name": "lf_dashboard",
        "description": "Set by POST /dashboard/login"
      }
    },
    "responses": {
      "Error": {
        "description": "An error: a 4xx names what to fix",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        }
      },
      "BranchError": {
        "description": "An error in Branch's shape",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/BranchError"
            }
          }
        }
      }
    },
    "schemas": {
      "AttributionModel": {
        "type": "object",
        "required": ["appId", "platforms"],
        "properties": {
          "appId": {"type": "string"},
          "attributionTargetPrecision": {"type": "number"},
          "attributionThreshold": {"type": "integer"},
          "platforms": {
            "type": "array",
            "items": {
              "type": "object",
              "required": ["platform", "status", "statusText", "installs", "labelledInstalls", "tokenlessInstalls", "threshold", "thresholdSource", "parameters"],
              "properties": {
                "platform": {"type": "string"},
                "status": {"type": "string", "enum": ["learned", "defaults"]},
                "statusText": {"type": "string"},
                "fittedAt": {"type": "string", "format": "date-time"},
                "installs": {"type": "integer"},
                "labelledInstalls": {"type": "integer"},
                "tokenlessInstalls": {"type": "integer"},
                "iterations": {"type": "integer"},
                "converged": {"type": "boolean"},
                "threshold": {"type": "integer"},
                "thresholdSource": {"type": "string", "enum": ["attributionTargetPrecision", "attributionThreshold", "default"]},
                "estimatedPrecision": {"type": "number"},
                "estimatedRecall": {"type": "number"},
                "parameters": {
                  "type": "object",
                  "required": ["clickedInstallShare", "delay", "persistence", "ipPersistenceShort"],
                  "properties": {
                    "clickedInstallShare": {"$ref": "#/components/schemas/LearnedEstimate"},
                    "ipPersistenceShort": {"$ref": "#/components/schemas/LearnedEstimate"},
                    "persistence": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/LearnedEstimate"}},
                    "delay": {
                      "type": "object",
                      "required": ["quickShare", "quickMedianSeconds", "quickLogSigma", "slowMedianSeconds", "slowLogSigma", "learnedFrom", "default"],
                      "properties": {
                        "quickShare": {"type": "number"},
                        "quickMedianSeconds": {"type": "number"},
                        "quickLogSigma": {"type": "number"},
                        "slowMedianSeconds": {"type": "number"},
                        "slowLogSigma": {"type": "number"},
                        "learnedFrom": {"type": "number"},
                        "default": {
                          "type": "object",
                          "properties": {
                            "quickShare": {"type": "number"},
                            "quickMedian": {"type": "number"},
                            "quickLogSigma": {"type": "number"},
                            "slowMedian": {"type": "number"},
                            "slowLogSigma": {"type": "number"}
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      },
      "LearnedEstimate": {
        "type": "object",
        "required": ["value", "default", "learnedFrom"],
        "properties": {
          "value": {"type": "number"},
          "default": {"type": "number"},
          "learnedFrom": {"type": "number", "description": "installs, or click-install pairs (an unlabelled pair counts its probability)"}
        }
      },
      "Error": {
        "type": "object",
        "properties": {
          "error": {
            "type": "object",
            "properties": {
              "code": {
                "type": "string"
              },
              "message": {
                "type": "string"
              }
            },
            "required": [
              "code",
              "message"
            ]
          }
        },
        "required": [
          "error"
        ]
      },
      "BranchError": {
        "type": "object",
        "properties": {
          "error": {
            "type": "object",
            "properties": {
              "code": {
                "type": "integer"
              },
              "message": {
                "type": "string"
              }
            },
            "required": [
              "code",
              "message"
            ]
          }
        },
        "required": [
          "error"
        ]
      },
      "UTMParameters": {
        "type": "object",
        "properties": {
          "source": {
            "type": "string"
          },
          "medium": {
            "type": "string"
          },
          "campaign": {
            "type": "string"
          },
          "term": {
            "type": "string"
          },
          "content": {
            "type": "string"
          }
        }
      },
      "TargetingRules": {
        "type": "object",
        "properties": {
          "countries": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "devices": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "languages": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "LinkContent": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          }
        }
      },
      "LinkInput": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "customCode": {
            "type": "string"
          },
          "templateId": {
            "type": "string"
          },
          "externalUserId": {
            "type": "string"
          },
          "expiresAt": {
            "type": "string",
            "format": "date-time"
          },
          "isActive": {
            "type": "boolean"
          },
          "safety": {
            "type": "string",
            "enum": [
              "allow",
              "warn",
              "block"
            ],
            "description": "The owner's verdict; a publishable key may not set it"
          }
        }
      },
      "LinkPatch": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "externalUserId": {
            "type": "string",
            "nullable": true
          },
          "expiresAt": {
            "type": "string",
            "format": "date-time",
            "nullable": true
          },
          "isActive": {
            "type": "boolean"
          },
          "safety": {
            "type": "string",
            "enum": [
              "allow",
              "warn",
              "block"
            ]
          }
        },
        "description": "A JSON merge patch (RFC 7396) of the link: null removes a field. Read-only fields cannot be patched."
      },
      "Link": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "id": {
            "type": "string"
          },
          "appId": {
            "type": "string"
          },
          "shortCode": {
            "type": "string"
          },
          "url": {
            "type": "string"
          },
          "templateId": {
            "type": "string"
          },
          "templateSlug": {
            "type": "string"
          },
          "externalUserId": {
            "type": "string"
          },
          "isActive": {
            "type": "boolean"
          },
          "expiresAt": {
            "type": "string",
            "format": "date-time"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          },
          "linkId": {
            "type": "string"
          },
          "short_code": {
            "type": "string"
          },
          "deduplicated": {
            "type": "boolean"
          },
          "safety": {
            "type": "string",
            "enum": [
              "allow",
              "warn",
              "block"
            ]
          },
          "domainSafety": {
            "type": "string",
            "enum": [
              "allow",
              "warn",
              "block"
            ],
            "description": "The verdict of the domain lists on the destinations"
          }
        },
        "required": [
          "id",
          "appId",
          "shortCode",
          "url",
          "isActive",
          "createdAt",
          "updatedAt",
          "linkId",
          "short_code",
          "safety",
          "domainSafety"
        ]
      },
      "LinkPage": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Link"
            }
          },
          "nextCursor": {
            "type": "string"
          }
        },
        "required": [
          "data"
        ]
      },
      "AppInput": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "slug": {
            "type": "string"
          },
          "domains": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "iosTeamId": {
            "type": "string"
          },
          "iosBundleIds": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "iosAppStoreId": {
            "type": "string"
          },
          "androidPackageName": {
            "type": "string"
          },
          "androidSha256CertFingerprints": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "androidPlayStoreUrl": {
            "type": "string"
          },
          "uriScheme": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "attributionWindowHours": {
            "type": "integer",
            "minimum": 1,
            "maximum": 2160
          },
          "attributionThreshold": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100
          },
          "attributionTargetPrecision": {
            "type": "number",
            "minimum": 0.5,
            "maximum": 0.999,
            "exclusiveMinimum": true,
            "exclusiveMaximum": true,
            "description": "The precision wanted of probabilistic matches: the server picks the cut that delivers it by the app's learned model's own estimate (GET /api/apps/{appId}/attribution-model); until a platform has 100 fitted token-less installs the cut is attributionThreshold or the default."
          },
          "iosProbabilisticMatching": {
            "type": "boolean",
            "default": true,
            "description": "Whether iOS installs without a click token may be matched probabilistically (on signals). false follows Apple's policy against fingerprinting: iOS installs are then credited only through click tokens and are otherwise organic; Android is unaffected."
          }
        },
        "required": [
          "name"
        ]
      },
      "AppPatch": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "slug": {
            "type": "string",
            "nullable": true
          },
          "domains": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "nullable": true
          },
          "iosTeamId": {
            "type": "string",
            "nullable": true
          },
          "iosBundleIds": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "nullable": true
          },
          "iosAppStoreUrl": {
            "type": "string",
            "nullable": true
          },
          "iosAppStoreId": {
            "type": "string",
            "nullable": true
          },
          "androidPackageName": {
            "type": "string",
            "nullable": true
          },
          "androidSha256CertFingerprints": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "nullable": true
          },
          "androidPlayStoreUrl": {
            "type": "string",
            "nullable": true
          },
          "uriScheme": {
            "type": "string",
            "nullable": true
          },
          "webFallbackUrl": {
            "type": "string",
            "nullable": true
          },
          "attributionWindowHours": {
            "type": "integer",
            "minimum": 1,
            "maximum": 2160,
            "nullable": true
          },
          "attributionThreshold": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "nullable": true
          },
          "attributionTargetPrecision": {
            "type": "number",
            "minimum": 0.5,
            "maximum": 0.999,
            "exclusiveMinimum": true,
            "exclusiveMaximum": true,
            "nullable": true
          },
          "iosProbabilisticMatching": {
            "type": "boolean",
            "nullable": true,
            "description": "null restores the default, true."
          }
        },
        "description": "A JSON merge patch (RFC 7396) of the app."
      },
      "App": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "slug": {
            "type": "string"
          },
          "domains": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "iosTeamId": {
            "type": "string"
          },
          "iosBundleIds": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "iosAppStoreId": {
            "type": "string"
          },
          "androidPackageName": {
            "type": "string"
          },
          "androidSha256CertFingerprints": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "androidPlayStoreUrl": {
            "type": "string"
          },
          "uriScheme": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "attributionWindowHours": {
            "type": "integer",
            "minimum": 1,
            "maximum": 2160
          },
          "attributionThreshold": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100
          },
          "attributionTargetPrecision": {
            "type": "number"
          },
          "iosProbabilisticMatching": {
            "type": "boolean"
          },
          "id": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "name",
          "slug",
          "domains",
          "iosBundleIds",
          "androidSha256CertFingerprints",
          "attributionWindowHours",
          "iosProbabilisticMatching",
          "createdAt",
          "updatedAt"
        ]
      },
      "AppList": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/App"
            }
          }
        },
        "required": [
          "data"
        ]
      },
      "KeyInput": {
        "type": "object",
        "properties": {
          "kind": {
            "type": "string",
            "enum": [
              "secret",
              "publishable"
            ]
          },
          "name": {
            "type": "string",
            "maxLength": 100
          }
        }
      },
      "Key": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "appId": {
            "type": "string"
          },
          "kind": {
            "type": "string",
            "enum": [
              "secret",
              "publishable"
            ]
          },
          "name": {
            "type": "string"
          },
          "prefix": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "revokedAt": {
            "type": "string",
            "format": "date-time"
          },
          "key": {
            "type": "string",
            "description": "Only in the answer that created the key."
          }
        },
        "required": [
          "id",
          "appId",
          "kind",
          "name",
          "prefix",
          "createdAt"
        ]
      },
      "KeyList": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Key"
            }
          }
        },
        "required": [
          "data"
        ]
      },
      "BranchKeysInput": {
        "type": "object",
        "properties": {
          "branch_key": {
            "type": "string"
          },
          "branch_secret": {
            "type": "string"
          }
        }
      },
      "TemplateInput": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "slug": {
            "type": "string"
          }
        },
        "required": [
          "name"
        ]
      },
      "TemplatePatch": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "slug": {
            "type": "string",
            "nullable": true
          }
        },
        "description": "A JSON merge patch (RFC 7396) of the template."
      },
      "Template": {
        "type": "object",
        "properties": {
          "originalUrl": {
            "type": "string"
          },
          "iosAppStoreUrl": {
            "type": "string"
          },
          "androidAppStoreUrl": {
            "type": "string"
          },
          "webFallbackUrl": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "iosUniversalLink": {
            "type": "string"
          },
          "androidAppLink": {
            "type": "string"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "ogTitle": {
            "type": "string"
          },
          "ogDescription": {
            "type": "string"
          },
          "ogImageUrl": {
            "type": "string"
          },
          "targetingRules": {
            "$ref": "#/components/schemas/TargetingRules"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "id": {
            "type": "string"
          },
          "appId": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "slug": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "appId",
          "name",
          "slug",
          "createdAt",
          "updatedAt"
        ]
      },
      "TemplateList": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Template"
            }
          }
        },
        "required": [
          "data"
        ]
      },
      "InstallRequest": {
        "type": "object",
        "properties": {
          "userAgent": {
            "type": "string"
          },
          "timezone": {
            "type": "string"
          },
          "language": {
            "type": "string"
          },
          "screenWidth": {
            "type": "integer"
          },
          "screenHeight": {
            "type": "integer"
          },
          "platform": {
            "type": "string"
          },
          "platformVersion": {
            "type": "string"
          },
          "appVersion": {
            "type": "string"
          },
          "deviceId": {
            "type": "string"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "appToken": {
            "type": "string"
          },
          "sdkName": {
            "type": "string"
          },
          "sdkVersion": {
            "type": "string"
          },
          "clickToken": {
            "type": "string"
          },
          "installReferrer": {
            "type": "string"
          },
          "installKey": {
            "type": "string"
          },
          "deviceModel": {
            "type": "string"
          }
        },
        "required": [
          "userAgent"
        ]
      },
      "S2SInstallRequest": {
        "type": "object",
        "properties": {
          "userAgent": {
            "type": "string"
          },
          "timezone": {
            "type": "string"
          },
          "language": {
            "type": "string"
          },
          "screenWidth": {
            "type": "integer"
          },
          "screenHeight": {
            "type": "integer"
          },
          "platform": {
            "type": "string"
          },
          "platformVersion": {
            "type": "string"
          },
          "appVersion": {
            "type": "string"
          },
          "deviceId": {
            "type": "string"
          },
          "attributionWindowHours": {
            "type": "integer"
          },
          "appToken": {
            "type": "string"
          },
          "sdkName": {
            "type": "string"
          },
          "sdkVersion": {
            "type": "string"
          },
          "clickToken": {
            "type": "string"
          },
          "installReferrer": {
            "type": "string"
          },
          "installKey": {
            "type": "string"
          },
          "deviceModel": {
            "type": "string"
          },
          "ip": {
            "type": "string"
          },
          "timestamp": {
            "oneOf": [
              {
                "type": "number"
              },
              {
                "type": "string"
              }
            ],
            "description": "Unix seconds or milliseconds, or ISO 8601"
          }
        },
        "required": [
          "userAgent"
        ]
      },
      "DeepLinkData": {
        "type": "object",
        "properties": {
          "shortCode": {
            "type": "string"
          },
          "iosUrl": {
            "type": "string"
          },
          "androidUrl": {
            "type": "string"
          },
          "webUrl": {
            "type": "string"
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "customParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "deepLinkPath": {
            "type": "string"
          },
          "appScheme": {
            "type": "string"
          },
          "clickedAt": {
            "type": "string",
            "format": "date-time"
          },
          "linkId": {
            "type": "string"
          }
        },
        "required": [
          "shortCode"
        ]
      },
      "InstallResponse": {
        "type": "object",
        "properties": {
          "installId": {
            "type": "string"
          },
          "attributed": {
            "type": "boolean"
          },
          "confidenceScore": {
            "type": "number"
          },
          "matchedFactors": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "deepLinkData": {
            "allOf": [
              {
                "$ref": "#/components/schemas/DeepLinkData"
              }
            ],
            "nullable": true
          },
          "method": {
            "type": "string"
          },
          "clickId": {
            "type": "string"
          }
        },
        "required": [
          "installId",
          "attributed",
          "confidenceScore",
          "matchedFactors"
        ]
      },
      "EventRequest": {
        "type": "object",
        "properties": {
          "installId": {
            "type": "string"
          },
          "eventName": {
            "type": "string"
          },
          "eventData": {
            "type": "object",
            "additionalProperties": true
          },
          "timestamp": {
            "type": "string",
            "format": "date-time"
          },
          "eventId": {
            "type": "string"
          }
        },
        "required": [
          "installId",
          "eventName"
        ]
      },
      "EventBatch": {
        "type": "object",
        "properties": {
          "events": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/EventRequest"
            },
            "minItems": 1,
            "maxItems": 100
          }
        },
        "required": [
          "events"
        ]
      },
      "EventResponse": {
        "type": "object",
        "properties": {
          "success": {
            "type": "boolean"
          },
          "acknowledged": {
            "type": "boolean"
          },
          "eventId": {
            "type": "string"
          },
          "duplicate": {
            "type": "boolean"
          }
        },
        "required": [
          "success",
          "acknowledged",
          "eventId",
          "duplicate"
        ]
      },
      "EventBatchResponse": {
        "type": "object",
        "properties": {
          "events": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/EventResponse"
            }
          }
        },
        "required": [
          "events"
        ]
      },
      "CreateLinkOptions": {
        "type": "object",
        "properties": {
          "templateId": {
            "type": "string"
          },
          "templateSlug": {
            "type": "string"
          },
          "deepLinkParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "title": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "customCode": {
            "type": "string"
          },
          "utmParameters": {
            "$ref": "#/components/schemas/UTMParameters"
          },
          "externalUserId": {
            "type": "string"
          }
        }
      },
      "CreateLinkResult": {
        "type": "object",
        "properties": {
          "url": {
            "type": "string"
          },
          "shortCode": {
            "type": "string"
          },
          "linkId": {
            "type": "string"
          },
          "deduplicated": {
            "type": "boolean"
          },
          "id": {
            "type": "string"
          },
          "short_code": {
            "type": "string"
          }
        },
        "required": [
          "url",
          "shortCode",
          "linkId"
        ]
      },
      "Beacon": {
        "type": "object",
        "properties": {
          "t": {
            "type": "string",
            "description": "The click token the interstitial page received"
          },
          "sw": {
            "type": "integer"
          },
          "sh": {
            "type": "integer"
          },
          "tz": {
            "type": "string"
          },
          "lang": {
            "type": "string"
          },
          "touch": {
            "type": "integer"
          },
          "pv": {
            "type": "string"
          },
          "model": {
            "type": "string"
          }
        },
        "required": [
          "t"
        ]
      },
      "BranchOpenRequest": {
        "type": "object",
        "properties": {
          "branch_key": {
            "type": "string"
          },
          "branch_secret": {
            "type": "string"
          },
          "server_to_server": {
            "type": "boolean"
          },
          "app_version": {
            "type": "string"
          },
          "os": {
            "type": "string"
          },
          "os_version": {
            "oneOf": [
              {
                "type": "string"
              },
              {
                "type": "number"
              }
            ]
          },
          "model": {
            "type": "string"
          },
          "user_agent": {
            "type": "string"
          },
          "hardware_id": {
            "type": "string"
          },
          "hardware_id_type": {
            "type": "string"
          },
          "ios_vendor_id": {
            "type": "string"
          },
          "google_advertising_id": {
            "type": "string"
          },
          "is_hardware_id_real": {
            "type": "boolean"
          },
          "ad_tracking_enabled": {
            "type": "boolean"
          },
          "local_ip": {
            "type": "string"
          },
          "screen_height": {
            "type": "integer"
          },
          "screen_width": {
            "type": "integer"
          },
          "link_identifier": {
            "oneOf": [
              {
                "type": "string"
              },
              {
                "type": "number"
              }
            ]
          },
          "universal_link_url": {
            "type": "string"
          },
          "android_app_link_url": {
            "type": "string"
          },
          "facebook_app_link_checked": {
            "type": "boolean"
          },
          "install_referrer_extras": {
            "type": "string"
          },
          "google_search_install_referrer": {
            "type": "string"
          },
          "clicked_referrer_ts": {
            "type": "integer"
          },
          "install_begin_ts": {
            "type": "integer"
          },
          "first_session": {
            "type": "boolean"
          },
          "server_to_server_identity": {
            "type": "boolean"
          },
          "randomized_bundle_token": {
            "oneOf": [
              {
                "type": "string"
              },
              {
                "type": "number"
              }
            ]
          },
          "randomized_device_token": {
            "oneOf": [
              {
                "type": "string"
              },
              {
                "type": "number"
              }
            ]
          },
          "identity": {
            "type": "string"
          },
          "tracking_disabled": {
            "type": "boolean"
          },
          "disable_ad_network_callouts": {
            "type": "boolean"
          },
          "local_url": {
            "type": "string"
          },
          "custom_param_1": {
            "type": "string"
          },
          "custom_param_2": {
            "type": "string"
          },
          "custom_param_3": {
            "type": "string"
          }
        },
        "required": [
          "branch_key",
          "branch_secret"
        ]
      },
      "BranchOpenResponse": {
        "type": "object",
        "properties": {
          "session_id": {
            "type": "string"
          },
          "randomized_device_token": {
            "type": "string"
          },
          "randomized_bundle_token": {
            "type": "string"
          },
          "identity": {
            "type": "string"
          },
          "link": {
            "type": "string"
          },
          "data": {
            "type": "string",
            "description": "Branch's link data, a JSON document as a string"
          }
        },
        "required": [
          "session_id",
          "randomized_device_token",
          "data"
        ]
      },
      "BranchURLRequest": {
        "type": "object",
        "properties": {
          "branch_key": {
            "type": "string"
          },
          "alias": {
            "type": "string"
          },
          "type": {
            "type": "integer"
          },
          "duration": {
            "type": "integer"
          },
          "channel": {
            "type": "string"
          },
          "feature": {
            "type": "string"
          },
          "campaign": {
            "type": "string"
          },
          "stage": {
            "type": "string"
          },
          "tags": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "data": {
            "oneOf": [
              {
                "type": "object",
                "additionalProperties": true
              },
              {
                "type": "string"
              }
            ],
            "description": "Link data: an object, or that object as a JSON string"
          }
        },
        "required": [
          "branch_key"
        ]
      },
      "BranchEventRequest": {
        "type": "object",
        "properties": {
          "name": {
            "type": "string"
          },
          "branch_key": {
            "type": "string"
          },
          "customer_event_alias": {
            "type": "string"
          },
          "user_data": {
            "type": "object",
            "properties": {
              "os": {
                "type": "string"
              },
              "idfa": {
                "type": "string"
              },
              "idfv": {
                "type": "string"
              },
              "aaid": {
                "type": "string"
              },
              "android_id": {
                "type": "string"
              },
              "randomized_device_token": {
                "oneOf": [
                  {
                    "type": "string"
                  },
                  {
                    "type": "number"
                  }
                ]
              },
              "randomized_bundle_token": {
                "oneOf": [
                  {
                    "type": "string"
                  },
                  {
                    "type": "number"
                  }
                ]
              },
              "developer_identity": {
                "type": "string"
              }
            }
          },
          "event_data": {
            "type": "object",
            "properties": {
              "revenue": {
                "oneOf": [
                  {
                    "type": "string"
                  },
                  {
                    "type": "number"
                  }
                ]
              },
              "currency": {
                "type": "string"
              },
              "transaction_id": {
                "oneOf": [
                  {
                    "type": "string"
                  },
                  {
                    "type": "number"
                  }
                ]
              }
            }
          },
          "custom_data": {
            "type": "object",
            "additionalProperties": true
          }
        },
        "required": [
          "name",
          "branch_key"
        ]
      },
      "S2SClick": {
        "type": "object",
        "properties": {
          "link": {
            "type": "string",
            "description": "The short URL or code"
          },
          "linkId": {
            "type": "string"
          },
          "ip": {
            "type": "string"
          },
          "userAgent": {
            "type": "string"
          },
          "screenWidth": {
            "type": "integer"
          },
          "screenHeight": {
            "type": "integer"
          },
          "timezone": {
            "type": "string"
          },
          "language": {
            "type": "string"
          },
          "clickId": {
            "type": "string"
          },
          "timestamp": {
            "oneOf": [
              {
                "type": "number"
              },
              {
                "type": "string"
              }
            ],
            "description": "Unix seconds or milliseconds, or ISO 8601"
          },
          "campaign": {
            "type": "string",
            "maxLength": 256,
            "description": "Instead of link or linkId: the campaign, whose own link is made on its first click"
          },
          "source": {
            "type": "string",
            "maxLength": 256,
            "description": "With campaign: the network (the campaign link's utm_source)"
          },
          "medium": {
            "type": "string",
            "maxLength": 256,
            "description": "With campaign: the campaign link's utm_medium"
          }
        }
      },
      "S2SClickBatch": {
        "type": "object",
        "properties": {
          "clicks": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/S2SClick"
            },
            "minItems": 1,
            "maxItems": 1000
          }
        },
        "required": [
          "clicks"
        ]
      },
      "S2SClickResults": {
        "type": "object",
        "properties": {
          "results": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "index": {
                  "type": "integer"
                },
                "clickId": {
                  "type": "string"
                },
                "error": {
                  "type": "object",
                  "properties": {
                    "code": {
                      "type": "string"
                    },
                    "message": {
                      "type": "string"
                    }
                  }
                }
              },
              "required": [
                "index"
              ]
            }
          }
        },
        "required": [
          "results"
        ]
      },
      "ReferralProgramInput": {
        "type": "object",
        "properties": {
          "keyEvent": {
            "type": "string"
          },
          "minRevenue": {
            "oneOf": [
              {
                "type": "number"
              },
              {
                "type": "string"
              }
            ]
          },
          "revenueCurrency": {
            "type": "string"
          },
          "holdHours": {
            "type": "integer"
          },
          "maxPerDay": {
            "type": "integer"
          },
          "maxPerWeek": {
            "type": "integer"
          },
          "registrationWindowHours": {
            "type": "integer"
          },
          "velocityPerHour": {
            "type": "integer"
          },
          "maxRefereesPerIP": {
            "type": "integer"
          },
          "minClickToInstallSeconds": {
            "type": "integer"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "webUrl": {
            "type": "string"
          },
          "publishableKeyMayList": {
            "type": "boolean"
          }
        }
      },
      "ReferralProgram": {
        "type": "object",
        "properties": {
          "appId": {
            "type": "string"
          },
          "keyEvent": {
            "type": "string"
          },
          "minRevenue": {
            "type": "string"
          },
          "revenueCurrency": {
            "type": "string"
          },
          "holdHours": {
            "type": "integer"
          },
          "maxPerDay": {
            "type": "integer"
          },
          "maxPerWeek": {
            "type": "integer"
          },
          "registrationWindowHours": {
            "type": "integer"
          },
          "velocityPerHour": {
            "type": "integer"
          },
          "maxRefereesPerIP": {
            "type": "integer"
          },
          "minClickToInstallSeconds": {
            "type": "integer"
          },
          "deepLinkPath": {
            "type": "string"
          },
          "webUrl": {
            "type": "string"
          },
          "publishableKeyMayList": {
            "type": "boolean"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "appId",
          "keyEvent",
          "holdHours",
          "registrationWindowHours",
          "velocityPerHour",
          "maxRefereesPerIP",
          "minClickToInstallSeconds",
          "publishableKeyMayList"
        ]
      },
      "InviteInput": {
        "type": "object",
        "properties": {
          "userId": {
            "type": "string"
          },
          "externalUserId": {
            "type": "string"
          },
          "installId": {
            "type": "string"
          },
          "email": {
            "type": "string"
          },
          "emailHash": {
            "type": "string"
          },
          "paymentHash": {
            "type": "string"
          }
        }
      },
      "Invite": {
        "type": "object",
        "properties": {
          "url": {
            "type": "string"
          },
          "shortCode": {
            "type": "string"
          },
          "linkId": {
            "type": "string"
          },
          "referralCode": {
            "type": "string"
          },
          "deduplicated": {
            "type": "boolean"
          }
        },
        "required": [
          "url",
          "shortCode",
          "linkId",
          "referralCode",
          "deduplicated"
        ]
      },
      "RegistrationInput": {
        "type": "object",
        "properties": {
          "referralCode": {
            "type": "string"
          },
          "userId": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "avatarUrl": {
            "type": "string"
          },
          "installId": {
            "type": "string"
          },
          "email": {
            "type": "string"
          },
          "emailHash": {
            "type": "string"
          },
          "paymentHash": {
            "type": "string"
          },
          "ipAddress": {
            "type": "string"
          }
        }
      },
      "ReviewInput": {
        "type": "object",
        "properties": {
          "reviewed": {
            "type": "boolean"
          },
          "reason": {
            "type": "string"
          }
        }
      },
      "Referral": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "referrer": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string"
              }
            }
          },
          "status": {
            "type": "string"
          },
          "referral_code": {
            "type": "string"
          },
          "install_id": {
            "type": "string"
          },
          "link_id": {
            "type": "string"
          },
          "reasons": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "qualified_at": {
            "type": "string",
            "format": "date-time"
          },
          "completes_at": {
            "type": "string",
            "format": "date-time"
          },
          "completed_at": {
            "type": "string",
            "format": "date-time"
          },
          "reversed_at": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "status"
        ]
      },
      "ReferralPage": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Referral"
            }
          },
          "nextCursor": {
            "type": "string"
          }
        },
        "required": [
          "data"
        ]
      },
      "ReferralListItem": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "user": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "avatar_url": {
                "type": "string"
              }
            }
          },
          "status": {
            "type": "string"
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          }
        },
        "required": [
          "id",
          "user",
          "status",
          "created_at"
        ]
      },
      "WebhookEndpointInput": {
        "type": "object",
        "properties": {
          "url": {
            "type": "string"
          },
          "eventTypes": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "description": {
            "type": "string"
          },
          "enabled": {
            "type": "boolean"
          }
        },
        "required": [
          "url"
        ]
      },
      "WebhookEndpointPatch": {
        "type": "object",
        "properties": {
          "url": {
            "type": "string"
          },
          "eventTypes": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "description": {
            "type": "string",
            "nullable": true
          },
          "enabled": {
            "type": "boolean"
          }
        },
        "description": "A JSON merge patch (RFC 7396) of the endpoint."
      },
      "WebhookEndpoint": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "appId": {
            "type": "string"
          },
          "url": {
            "type": "string"
          },
          "description": {
            "type": "string"
          },
          "eventTypes": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "enabled": {
            "type": "boolean"
          },
          "disabledReason": {
            "type": "string"
          },
          "previousSecretExpiresAt": {
            "type": "string",
            "format": "date-time"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "updatedAt": {
            "type": "string",
            "format": "date-time"
          },
          "secret": {
            "type": "string",
            "description": "Only when created or rotated."
          }
        },
        "required": [
          "id",
          "appId",
          "url",
          "eventTypes",
          "enabled",
          "createdAt",
          "updatedAt"
        ]
      },
      "WebhookEndpointList": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WebhookEndpoint"
            }
          }
        },
        "required": [
          "data"
        ]
      },
      "WebhookDelivery": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "endpointId": {
            "type": "string"
          },
          "messageId": {
            "type": "string"
          },
          "type": {
            "type": "string"
          },
          "status": {
            "type": "string"
          },
          "attempts": {
            "type": "integer"
          },
          "nextAttemptAt": {
            "type": "string",
            "format": "date-time"
          },
          "deadlineAt": {
            "type": "string",
            "format": "date-time"
          },
          "lastAttemptAt": {
            "type": "string",
            "format": "date-time"
          },
          "lastStatusCode": {
            "type": "integer"
          },
          "lastError": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "payload": {
            "type": "string"
          },
          "attemptLog": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "attemptedAt": {
                  "type": "string",
                  "format": "date-time"
                },
                "statusCode": {
                  "type": "integer"
                },
                "error": {
                  "type": "string"
                },
                "durationMs": {
                  "type": "integer"
                },
                "responseBody": {
                  "type": "string"
                }
              }
            }
          }
        },
        "required": [
          "id",
          "endpointId",
          "messageId",
          "type",
          "status",
          "attempts",
          "deadlineAt",
          "createdAt"
        ]
      },
      "WebhookDeliveryPage": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WebhookDelivery"
            }
          },
          "nextCursor": {
            "type": "string"
          }
        },
        "required": [
          "data"
        ]
      },
      "ConversionSchema": {
        "type": "object",
        "properties": {
          "currency": {
            "type": "string"
          },
          "exchangeRates": {
            "type": "object",
            "additionalProperties": {
              "type": "number"
            }
          },
          "revenue": {
            "type": "object",
            "properties": {
              "bit": {
                "type": "integer"
              },
              "thresholds": {
                "type": "array",
                "items": {
                  "type": "number"
                }
              }
            },
            "required": [
              "bit",
              "thresholds"
            ]
          },
          "events": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "name": {
                  "type": "string"
                },
                "bit": {
                  "type": "integer"
                }
              },
              "required": [
                "name",
                "bit"
              ]
            }
          },
          "days": {
            "type": "object",
            "properties": {
              "bit": {
                "type": "integer"
              },
              "thresholds": {
                "type": "array",
                "items": {
                  "type": "integer"
                }
              }
            },
            "required": [
              "bit",
              "thresholds"
            ]
          },
          "coarse": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "value": {
                  "type": "string",
                  "enum": [
                    "low",
                    "medium",
                    "high"
                  ]
                },
                "windows": {
                  "type": "array",
                  "items": {
                    "type": "integer"
                  }
                },
                "minRevenue": {
                  "type": "number"
                },
                "events": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                }
              },
              "required": [
                "value"
              ]
            }
          },
          "lockEvents": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "DevKey": {
        "type": "object",
        "properties": {
          "appId": {
            "type": "string"
          },
          "prefix": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "devKey": {
            "type": "string",
            "description": "Only in the answer that rotated it."
          }
        },
        "required": [
          "appId",
          "prefix",
          "createdAt"
        ]
      },
      "ConversionValue": {
        "type": "object",
        "additionalProperties": true,
        "description": "AppsFlyer's SDK-less SKAdNetwork answer (v1 or v2 shape)"
      },
      "AnalyticsOverview": {
        "type": "object",
        "properties": {
          "from": {
            "type": "string",
            "format": "date-time"
          },
          "to": {
            "type": "string",
            "format": "date-time"
          },
          "linkId": {
            "type": "string"
          },
          "clicks": {
            "type": "object",
            "properties": {
              "human": {
                "type": "integer"
              },
              "bot": {
                "type": "integer"
              }
            }
          },
          "appOpens": {
            "type": "integer"
          },
          "installs": {
            "type": "object",
            "properties": {
              "total": {
                "type": "integer"
              },
              "attributed": {
                "type": "integer"
              },
              "organic": {
                "type": "integer"
              },
              "byMethod": {
                "type": "object",
                "additionalProperties": {
                  "type": "integer"
                }
              }
            }
          },
          "events": {
            "type": "object",
            "additionalProperties": {
              "type": "integer"
            }
          },
          "revenue": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "currency": {
                  "type": "string"
                },
                "amount": {
                  "type": "string"
                }
              }
            }
          },
          "conversionRate": {
            "type": "number"
          }
        },
        "required": [
          "from",
          "to",
          "clicks",
          "appOpens",
          "installs",
          "events",
          "revenue",
          "conversionRate"
        ]
      },
      "AnalyticsSeries": {
        "type": "object",
        "properties": {
          "from": {
            "type": "string",
            "format": "date-time"
          },
          "to": {
            "type": "string",
            "format": "date-time"
          },
          "interval": {
            "type": "string"
          },
          "groupBy": {
            "type": "string"
          },
          "linkId": {
            "type": "string"
          },
          "currencies": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "totals": {
            "type": "object",
            "properties": {
              "start": {
                "type": "string",
                "format": "date-time"
              },
              "clicks": {
                "type": "integer"
              },
              "botClicks": {
                "type": "integer"
              },
              "installs": {
                "type": "integer"
              },
              "installsByMethod": {
                "type": "object",
                "additionalProperties": {
                  "type": "integer"
                }
              }
            }
          },
          "series": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "key": {
                  "type": "string"
                },
                "label": {
                  "type": "string"
                },
                "totals": {
                  "type": "object",
                  "properties": {
                    "start": {
                      "type": "string",
                      "format": "date-time"
                    },
                    "clicks": {
                      "type": "integer"
                    },
                    "botClicks": {
                      "type": "integer"
                    },
                    "installs": {
                      "type": "integer"
                    },
                    "installsByMethod": {
                      "type": "object",
                      "additionalProperties": {
                        "type": "integer"
                      }
                    }
                  }
                },
                "points": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "start": {
                        "type": "string",
                        "format": "date-time"
                      },
                      "clicks": {
                        "type": "integer"
                      },
                      "botClicks": {
                        "type": "integer"
                      },
                      "installs": {
                        "type": "integer"
                      },
                      "installsByMethod": {
                        "type": "object",
                        "additionalProperties": {
                          "type": "integer"
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "required": [
          "from",
          "to",
          "interval",
          "groupBy",
          "totals",
          "series"
        ]
      },
      "ErasureRequest": {
        "type": "object",
        "properties": {
          "installId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256
          },
          "externalUserId": {
            "type": "string",
            "minLength": 1,
            "maxLength": 256
          }
        },
        "description": "Exactly one of the two."
      },
      "Erasure": {
        "type": "object",
        "properties": {
          "installId": {
            "type": "string"
          },
          "externalUserId": {
            "type": "string"
          },
          "erasedAt": {
            "type": "string",
            "format": "date-time"
          },
          "installIds": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "removedRows": {
            "type": "object",
            "additionalProperties": {
              "type": "integer"
            }
          },
          "totalRows": {
            "type": "integer"
          }
        },
        "required": [
          "erasedAt",
          "installIds",
          "removedRows",
          "totalRows"
        ]
      },
      "Install": {
        "type": "object",
        "properties": {
          "id": {
            "type": "string"
          },
          "appId": {
            "type": "string"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "attributed": {
            "type": "boolean"
          },
          "method": {
            "type": "string"
          },
          "confidence": {
            "type": "integer"
          },
          "matchedFactors": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "platform": {
            "type": "string"
          },
          "osVersion": {
            "type": "string"
          },
          "appVersion": {
            "type": "string"
          },
          "click": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string"
              },
              "clickedAt": {
                "type": "string",
                "format": "date-time"
              },
              "platform": {
                "type": "string"
              },
              "osVersion": {
                "type": "string"
              },
              "inAppBrowser": {
                "type": "string"
              }
            }
          },
          "link": {
            "type": "object",
            "properties": {
              "id": {
                "type": "string"
              },
              "shortCode": {
                "type": "string"
              },
              "url": {
                "type": "string"
              }
            }
          },
          "events": {
            "type": "integer"
          }
        },
        "required": [
          "id",
          "appId",
          "createdAt",
          "attributed",
          "method",
          "confidence",
          "matchedFactors",
          "platform",
          "events"
        ]
      },
      "Status": {
        "type": "object",
        "properties": {
          "status": {
            "type": "string"
          },
          "database": {
            "type": "string"
          },
          "service": {
            "type": "string"
          }
        },
        "required": [
          "status"
        ]
      },
      "DashboardForm": {
        "type": "object",
        "additionalProperties": {
          "type": "string"
        },
        "description": "The page's form fields, including `_csrf`"
      },
      "SafetyDomainInput": {
        "type": "object",
        "properties": {
          "state": {
            "type": "string",
            "enum": [
              "warn",
              "block"
            ]
          },
          "note": {
            "type": "string",
            "maxLength": 300
          }
        },
        "required": [
          "state"
        ]
      },
      "SafetyDomain": {
        "type": "object",
        "properties": {
          "domain": {
            "type": "string"
          },
          "state": {
            "type": "string",
            "enum": [
              "allow",
              "warn",
              "block"
            ]
          },
          "note": {
            "type": "string"
          },
          "scope": {
            "type": "string",
            "enum": [
              "app",
              "deployment"
            ]
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "linksChanged": {
            "type": "integer"
          }
        },
        "required": [
          "domain",
          "state",
          "scope",
          "createdAt"
        ]
      },
      "SafetyDomainList": {
        "type": "object",
        "properties": {
          "data": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/SafetyDomain"
            }
          }
        },
        "required": [
          "data"
        ]
      },
      "SafetyDomainRemoved": {
        "type": "object",
        "properties": {
          "linksChanged": {
            "type": "integer"
          }
        },
        "required": [
          "linksChanged"
        ]
      }
    }
  }
}
"""##
}
