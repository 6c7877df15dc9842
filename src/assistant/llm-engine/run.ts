/**
 * One turn of the model: tool rounds over the catalogue, then the `answer` tool, with one
 * repair attempt when the answer fails its check.
 *
 * The answer travels as a tool call rather than as `response_format` JSON: every
 * OpenAI-compatible server that runs tools (OpenAI, vLLM, Ollama, llama.cpp, LM Studio)
 * handles one more tool, while JSON-schema output is missing on some and cannot be combined
 * with tools on others. A model that writes the JSON as text instead is accepted too.
 */
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel, type ModelMessage, type StepResult, type ToolSet } from 'ai';
import { AppError } from '../../errors.ts';
import type { LlmSettings } from '../../config/tenant.ts';
import { answerChecker, answerInText, checkModelAnswer, type ButtonAction, type ModelAnswer } from './answer.ts';

export interface RunInput {
  model: LanguageModel;
  settings: LlmSettings;
  system: string;
  messages: ModelMessage[];
  /** The catalogue tools; the answer tool is added here. */
  tools: ToolSet;
  actions: ButtonAction[];
  signal: AbortSignal;
}

export interface ModelRun {
  answer: ModelAnswer;
  /** Whether the accepted answer came from the repair attempt. */
  repaired: boolean;
  /** Requests made to the model. */
  modelCalls: number;
}

/** An answer that failed its check after the repair attempt; `problems` are for the log only. */
export class InvalidAnswerError extends AppError {
  readonly problems: string[];
  constructor(problems: string[]) {
    super('ASSISTANT_INVALID_ANSWER');
    this.problems = problems;
  }
}

const ANSWER_TOOL_DESCRIPTION =
  'Give your answer to the buyer. Call it exactly once, at the end of the turn, after any catalogue tools.';

function repairInstruction(problems: string[]): string {
  return [
    'Your reply could not be shown to the buyer:',
    ...problems.map((p) => `- ${p}`),
    'Reply now by calling the `answer` tool once with a corrected answer (a non-empty `text`, and product SKUs from the tool results).',
  ].join('\n');
}

/**
 * The turn's messages without a trailing tool call that got no result (a reply cut off by
 * the token limit is not executed): servers refuse a conversation with an unanswered call.
 */
function answeredMessages(messages: ModelMessage[]): ModelMessage[] {
  const last = messages[messages.length - 1];
  if (last?.role === 'assistant' && Array.isArray(last.content) && last.content.some((part) => part.type === 'tool-call')) {
    return messages.slice(0, -1);
  }
  return messages;
}

/** Runs the model for one turn and returns its checked answer; throws InvalidAnswerError after a failed repair. */
export async function runModel(input: RunInput): Promise<ModelRun> {
  const { settings, actions } = input;
  const state = { accepted: null as ModelAnswer | null, attempts: 0, problems: [] as string[], calls: 0 };

  const answerTool = tool({
    description: ANSWER_TOOL_DESCRIPTION,
    // No validation by the SDK: a failed check must come back to the model as this tool's
    // result (the repair attempt), not end the turn.
    inputSchema: jsonSchema<unknown>(answerChecker(actions).plain as Parameters<typeof jsonSchema>[0]),
    execute: async (raw: unknown) => {
      const checked = checkModelAnswer(raw, actions);
      if ('answer' in checked) {
        state.accepted ??= checked.answer;
        return { status: 'accepted' };
      }
      state.problems = checked.problems;
      return { status: 'invalid', problems: checked.problems, instruction: 'Call `answer` again with a corrected answer.' };
    },
  });
  const countAnswers = (step: StepResult<ToolSet>) => {
    state.calls++;
    for (const call of step.toolCalls) {
      if (call.toolName === 'answer') {
        state.attempts++;
        if (step.finishReason === 'length') {
          // Not executed by the SDK: the call may be whole, but the reply was cut short.
          state.problems = ['the reply was cut off at the token limit; give a shorter answer'];
        } else if ('invalid' in call && call.invalid) {
          state.problems = ['the answer tool arguments are not valid JSON'];
        }
      }
    }
  };
  /** A step that ended in words: they count as the answer attempt, and may hold the answer as JSON. */
  const textReply = (step: StepResult<ToolSet> | undefined) => {
    if (!step || step.toolCalls.length > 0 || state.accepted) {
      return;
    }
    state.attempts++;
    const raw = answerInText(step.text);
    if (raw === undefined) {
      state.problems = ['the reply was plain text; the answer must be given through the `answer` tool'];
      return;
    }
    const checked = checkModelAnswer(raw, actions);
    if ('answer' in checked) {
      state.accepted = checked.answer;
    } else {
      state.problems = checked.problems;
    }
  };
  const common = {
    model: input.model,
    system: input.system,
    ...(settings.maxTokens !== undefined ? { maxOutputTokens: settings.maxTokens } : {}),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    abortSignal: input.signal,
    // A retry inside a buyer's turn costs more than answering from the catalogue.
    maxRetries: 0,
  };

  const rounds = settings.maxToolRounds;
  const allTools: ToolSet = { ...input.tools, answer: answerTool };
  const answerOnly: ToolSet = { answer: answerTool };
  const first = await generateText({
    ...common,
    messages: input.messages,
    tools: allTools,
    stopWhen: [() => state.accepted !== null, () => state.attempts >= 2, stepCountIs(rounds + 2)],
    // After the tool rounds, or once an answer was refused, only the answer tool is offered.
    prepareStep: ({ stepNumber }) => (state.attempts > 0 || stepNumber >= rounds ? { activeTools: ['answer'] } : undefined),
    onStepFinish: countAnswers,
  });
  textReply(first.steps[first.steps.length - 1]);
  if (state.accepted) {
    return { answer: state.accepted, repaired: state.attempts > 1, modelCalls: state.calls };
  }
  if (state.attempts >= 2) {
    throw new InvalidAnswerError(state.problems);
  }
  if (state.problems.length === 0) {
    state.problems = ['no answer was given'];
  }

  const repair = await generateText({
    ...common,
    messages: [...input.messages, ...answeredMessages(first.response.messages), { role: 'user', content: repairInstruction(state.problems) }],
    tools: answerOnly,
    stopWhen: stepCountIs(1),
    onStepFinish: countAnswers,
  });
  textReply(repair.steps[repair.steps.length - 1]);
  if (state.accepted) {
    return { answer: state.accepted, repaired: true, modelCalls: state.calls };
  }
  throw new InvalidAnswerError(state.problems);
}
