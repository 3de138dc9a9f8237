import type { GatsbyNode, Node } from 'gatsby';

/** The File nodes of the `locale` filesystem source: one per language folder and namespace. */
export const LOCALE_SOURCE = 'locale';

interface FileNode extends Node {
  sourceInstanceName?: string;
  relativeDirectory?: string;
  name?: string;
  absolutePath?: string;
}

export const shouldOnCreateNode: GatsbyNode['shouldOnCreateNode'] = ({ node }) => {
  const file = node as FileNode;
  return file.internal.type === 'File' && file.sourceInstanceName === LOCALE_SOURCE;
};

/**
 * `Locale` nodes, as gatsby-plugin-react-i18next makes them (the page queries select them by
 * `language` and `ns`): the folder is the plugin's language code, the file name the namespace.
 */
export const onCreateNode: GatsbyNode['onCreateNode'] = async ({ node, actions, loadNodeContent, createNodeId, createContentDigest }) => {
  const file = node as FileNode;
  if (file.internal.type !== 'File' || file.sourceInstanceName !== LOCALE_SOURCE || !file.name?.length) return;
  const text = await loadNodeContent(file);
  let data: string;
  try {
    data = JSON.stringify(JSON.parse(text));
  } catch {
    throw new Error(`Unable to parse JSON: file ${file.absolutePath ?? file.id}`);
  }
  const localeNode = {
    id: createNodeId(`${file.id} >>> Locale`),
    children: [],
    parent: file.id,
    internal: { type: 'Locale', content: data, contentDigest: createContentDigest(data) },
    language: file.relativeDirectory,
    ns: file.name,
    data,
    fileAbsolutePath: file.absolutePath,
  };
  actions.createNode(localeNode);
  actions.createParentChildLink({ parent: file, child: localeNode as unknown as Node });
};
