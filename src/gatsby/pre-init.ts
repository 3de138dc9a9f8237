import type { GatsbyNode } from 'gatsby';
import { alertsBotFromEnv } from '../config/env';

/** The site's own error id (as board-history.ts has its own): Gatsby prefixes it with the plugin's name. */
export const ALERTS_BOT_ERROR_ID = 'YUKBOR_ALERTS_BOT';

/**
 * Before anything is read or built: a TELEGRAM_ALERTS_BOT that is no Telegram username stops the build
 * with one line naming it, rather than publish links to a bot nobody can open. Here and not in
 * gatsby-config, where Gatsby wraps a thrown error in a compilation error and a stack trace.
 */
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  try {
    alertsBotFromEnv();
  } catch (error) {
    reporter.setErrorMap({
      [ALERTS_BOT_ERROR_ID]: {
        text: (context: { sourceMessage: string }) => context.sourceMessage,
        level: 'ERROR',
        type: 'PLUGIN',
        category: 'USER',
      },
    });
    reporter.panic({ id: ALERTS_BOT_ERROR_ID, context: { sourceMessage: error instanceof Error ? error.message : String(error) } });
  }
};
