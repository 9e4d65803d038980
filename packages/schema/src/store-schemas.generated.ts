// Written by `npm run generate:store-schemas` from store-schema-derivation.ts: do not edit.
export const STORE_SCHEMA_DATA = {
  availabilities: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      write_id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      user_id: {
        type: 'integer',
        exclusiveMinimum: 0,
        maximum: 9007199254740991,
      },
      day: {
        type: 'string',
        enum: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      },
      start_time: {
        type: 'string',
        minLength: 1,
        allOf: [
          {
            pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
          },
          {
            pattern: '^([01]\\d|2[0-3]):(00|30)$',
          },
        ],
      },
      end_time: {
        type: 'string',
        minLength: 1,
        allOf: [
          {
            pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
          },
          {
            pattern: '^([01]\\d|2[0-3]):(00|30)$',
          },
        ],
      },
      timezone: {
        type: 'string',
        maxLength: 64,
      },
      updated_at: {
        type: 'string',
        maxLength: 40,
      },
    },
    required: ['id', 'write_id', 'user_id', 'day', 'start_time', 'end_time', 'timezone', 'updated_at'],
  },
  notifications: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      title: {
        type: 'string',
      },
      content: {
        type: ['string', 'null'],
      },
      icon: {
        type: 'string',
        enum: ['none', 'success', 'error', 'warning', 'user', 'message'],
      },
      color: {
        type: 'string',
        enum: ['white', 'red', 'yellow', 'green'],
      },
      type: {
        type: 'string',
        enum: ['dismiss', 'delete', 'link', 'show content', 'router link'],
      },
      payload: {
        anyOf: [
          {},
          {
            type: 'null',
          },
        ],
      },
      id: {
        type: 'string',
        maxLength: 64,
      },
      is_read: {
        type: 'boolean',
      },
      is_archived: {
        type: 'boolean',
      },
      created_at: {
        type: 'string',
      },
      write_id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      user_id: {
        type: 'integer',
        minimum: -9007199254740991,
        maximum: 9007199254740991,
      },
    },
    required: ['title', 'content', 'icon', 'color', 'type', 'payload', 'id', 'is_read', 'is_archived', 'created_at', 'write_id', 'user_id'],
  },
  scenarios: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      write_id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      patient_image: {
        anyOf: [
          {
            type: 'string',
            maxLength: 500,
          },
          {
            type: 'null',
          },
        ],
      },
      title: {
        anyOf: [
          {
            type: 'string',
            maxLength: 255,
          },
          {
            type: 'null',
          },
        ],
      },
      patient_name: {
        anyOf: [
          {
            type: 'string',
            maxLength: 255,
          },
          {
            type: 'null',
          },
        ],
      },
      televisit: {
        anyOf: [
          {
            type: 'number',
            const: 0,
          },
          {
            type: 'number',
            const: 1,
          },
        ],
      },
      objective: {
        anyOf: [
          {
            type: 'string',
            maxLength: 20000,
          },
          {
            type: 'null',
          },
        ],
      },
      target_audience: {
        anyOf: [
          {
            type: 'string',
            maxLength: 20000,
          },
          {
            type: 'null',
          },
        ],
      },
      summary: {
        anyOf: [
          {
            type: 'string',
            maxLength: 20000,
          },
          {
            type: 'null',
          },
        ],
      },
      session_duration: {
        anyOf: [
          {
            anyOf: [
              {
                type: 'number',
                const: 30,
              },
              {
                type: 'number',
                const: 60,
              },
            ],
          },
          {
            type: 'null',
          },
        ],
      },
      funding_text: {
        anyOf: [
          {
            type: 'string',
            maxLength: 20000,
          },
          {
            type: 'null',
          },
        ],
      },
      accreditation_Id: {
        anyOf: [
          {
            type: 'string',
            maxLength: 255,
          },
          {
            type: 'null',
          },
        ],
      },
      giftcard_amount: {
        anyOf: [
          {
            type: 'number',
            minimum: 1,
          },
          {
            type: 'null',
          },
        ],
      },
      giftcard_campaign_id: {
        anyOf: [
          {
            type: 'string',
            maxLength: 255,
          },
          {
            type: 'null',
          },
        ],
      },
      enable_giftcard: {
        anyOf: [
          {
            type: 'number',
            const: 0,
          },
          {
            type: 'number',
            const: 1,
          },
        ],
      },
      tags: {
        maxItems: 30,
        type: 'array',
        items: {
          type: 'string',
          minLength: 1,
          maxLength: 50,
        },
      },
      status: {
        anyOf: [
          {
            type: 'number',
            const: 0,
          },
          {
            type: 'number',
            const: 1,
          },
          {
            type: 'number',
            const: 2,
          },
          {
            type: 'number',
            const: 3,
          },
          {
            type: 'number',
            const: 4,
          },
          {
            type: 'number',
            const: 5,
          },
          {
            type: 'number',
            const: 6,
          },
        ],
      },
      author_user_id: {
        type: 'integer',
        exclusiveMinimum: 0,
        maximum: 9007199254740991,
      },
      reviewer_user_id: {
        anyOf: [
          {
            type: 'integer',
            exclusiveMinimum: 0,
            maximum: 9007199254740991,
          },
          {
            type: 'null',
          },
        ],
      },
      live_edit: {
        type: 'boolean',
      },
      updated_at: {
        type: 'string',
        maxLength: 40,
      },
    },
    required: [
      'id',
      'write_id',
      'patient_image',
      'title',
      'patient_name',
      'televisit',
      'objective',
      'target_audience',
      'summary',
      'session_duration',
      'funding_text',
      'accreditation_Id',
      'giftcard_amount',
      'giftcard_campaign_id',
      'enable_giftcard',
      'tags',
      'status',
      'author_user_id',
      'reviewer_user_id',
      'live_edit',
      'updated_at',
    ],
  },
  scenario_field_values: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      write_id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      scenario_id: {
        type: 'string',
        pattern: '^\\d{1,12}$',
      },
      field_id: {
        type: 'integer',
        minimum: -9007199254740991,
        maximum: 9007199254740991,
      },
      value: {
        type: 'string',
        maxLength: 20000,
      },
      updated_at: {
        type: 'string',
        maxLength: 40,
      },
    },
    required: ['id', 'write_id', 'scenario_id', 'field_id', 'value', 'updated_at'],
  },
  scenario_comments: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      write_id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      scenario_id: {
        type: 'string',
        pattern: '^\\d{1,12}$',
      },
      field: {
        type: 'string',
      },
      content: {
        type: 'string',
        maxLength: 5000,
      },
      user_id: {
        type: 'integer',
        exclusiveMinimum: 0,
        maximum: 9007199254740991,
      },
      user_name: {
        type: 'string',
        maxLength: 255,
      },
      user_image: {
        anyOf: [
          {
            type: 'string',
            maxLength: 500,
          },
          {
            type: 'null',
          },
        ],
      },
      created_at: {
        type: 'string',
        maxLength: 40,
      },
    },
    required: ['id', 'write_id', 'scenario_id', 'field', 'content', 'user_id', 'user_name', 'user_image', 'created_at'],
  },
  visit_scorecards: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      write_id: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
      },
      visit_id: {
        type: 'integer',
        exclusiveMinimum: 0,
        maximum: 9007199254740991,
      },
      kind: {
        type: 'string',
        enum: ['scorecard', 'feedback-form', 'participant-feedback'],
      },
      user_id: {
        type: 'integer',
        exclusiveMinimum: 0,
        maximum: 9007199254740991,
      },
      visit: {
        type: 'object',
        properties: {
          scenario_id: {
            type: 'string',
            maxLength: 20,
          },
          scenario_title: {
            type: 'string',
            maxLength: 500,
          },
          patient_name: {
            type: 'string',
            maxLength: 500,
          },
          learner_name: {
            type: 'string',
            maxLength: 500,
          },
          start_at: {
            type: 'string',
            maxLength: 40,
          },
        },
        required: ['scenario_id', 'scenario_title', 'patient_name', 'learner_name', 'start_at'],
      },
      form: {
        type: 'object',
        properties: {
          instructions: {
            type: ['string', 'null'],
          },
          items: {
            maxItems: 500,
            type: 'array',
            items: {
              oneOf: [
                {
                  type: 'object',
                  properties: {
                    id: {
                      type: 'number',
                    },
                    position: {
                      type: 'number',
                    },
                    type: {
                      type: 'string',
                      const: 'question',
                    },
                    question: {
                      type: 'object',
                      properties: {
                        id: {
                          type: 'number',
                        },
                        question: {
                          type: 'string',
                        },
                        short_description: {
                          type: ['string', 'null'],
                        },
                        question_type_id: {
                          type: 'number',
                        },
                        answers: {
                          type: 'array',
                          items: {
                            type: 'object',
                            properties: {
                              id: {
                                type: 'number',
                              },
                              answer: {
                                type: 'string',
                              },
                            },
                            required: ['id', 'answer'],
                          },
                        },
                      },
                      required: ['id', 'question', 'short_description', 'question_type_id', 'answers'],
                    },
                  },
                  required: ['id', 'position', 'type', 'question'],
                },
                {
                  type: 'object',
                  properties: {
                    id: {
                      type: 'number',
                    },
                    position: {
                      type: 'number',
                    },
                    type: {
                      type: 'string',
                      const: 'rubric',
                    },
                    rubric: {
                      type: 'object',
                      properties: {
                        id: {
                          type: 'number',
                        },
                        name: {
                          type: 'string',
                        },
                        learner_instructions: {
                          type: ['string', 'null'],
                        },
                        scorer_instructions: {
                          type: ['string', 'null'],
                        },
                        display_type: {
                          type: 'number',
                        },
                        questions: {
                          type: 'array',
                          items: {
                            type: 'object',
                            properties: {
                              id: {
                                type: 'number',
                              },
                              question: {
                                type: 'string',
                              },
                              short_description: {
                                type: ['string', 'null'],
                              },
                              question_type_id: {
                                type: 'number',
                              },
                              answers: {
                                type: 'array',
                                items: {
                                  type: 'object',
                                  properties: {
                                    id: {
                                      type: 'number',
                                    },
                                    answer: {
                                      type: 'string',
                                    },
                                  },
                                  required: ['id', 'answer'],
                                },
                              },
                            },
                            required: ['id', 'question', 'short_description', 'question_type_id', 'answers'],
                          },
                        },
                      },
                      required: ['id', 'name', 'learner_instructions', 'scorer_instructions', 'display_type', 'questions'],
                    },
                  },
                  required: ['id', 'position', 'type', 'rubric'],
                },
              ],
            },
          },
        },
        required: ['instructions', 'items'],
      },
      responses: {
        maxItems: 500,
        type: 'array',
        items: {
          type: 'object',
          properties: {
            question_id: {
              type: 'integer',
              exclusiveMinimum: 0,
              maximum: 9007199254740991,
            },
            response: {
              anyOf: [
                {
                  type: 'number',
                },
                {
                  type: 'string',
                  maxLength: 10000,
                },
              ],
            },
          },
          required: ['question_id', 'response'],
        },
      },
      submitted_at: {
        anyOf: [
          {
            type: 'string',
            maxLength: 40,
          },
          {
            type: 'null',
          },
        ],
      },
      updated_at: {
        type: 'string',
        maxLength: 40,
      },
    },
    required: ['id', 'write_id', 'visit_id', 'kind', 'user_id', 'visit', 'form', 'responses', 'submitted_at', 'updated_at'],
  },
  local_changes: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
      },
      kind: {
        type: 'string',
        enum: ['pending', 'conflict', 'rejected'],
      },
      collection_name: {
        type: 'string',
        maxLength: 64,
      },
      doc_id: {
        type: 'string',
        maxLength: 64,
      },
      write_id: {
        type: 'string',
        maxLength: 64,
      },
      mine: {
        anyOf: [
          {
            type: 'object',
            propertyNames: {
              type: 'string',
            },
            additionalProperties: {},
          },
          {
            type: 'null',
          },
        ],
      },
      theirs: {
        anyOf: [
          {
            type: 'object',
            propertyNames: {
              type: 'string',
            },
            additionalProperties: {},
          },
          {
            type: 'null',
          },
        ],
      },
      message: {
        type: 'string',
        maxLength: 2000,
      },
      errors: {
        type: 'object',
        propertyNames: {
          type: 'string',
        },
        additionalProperties: {
          type: 'array',
          items: {
            type: 'string',
          },
        },
      },
      created_at: {
        type: 'string',
        maxLength: 40,
      },
    },
    required: ['id', 'kind', 'collection_name', 'doc_id', 'write_id', 'mine', 'theirs', 'message', 'errors', 'created_at'],
  },
};
