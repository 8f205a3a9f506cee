import { createHash } from 'node:crypto';

/** Namespace of the UUID v5 point ids (fixed forever: ids must not change between runs). */
const POINT_ID_NAMESPACE = Buffer.from('4f0a7c1e9b2d4e6f8a3c5d7e9f1b2c4d', 'hex');

/**
 * The Qdrant point id of a node: a UUID v5 (RFC 9562) of (workspace, node), so the same
 * node id in two workspaces gets two points and an upsert of the same node replaces its
 * point. The node id itself travels in the payload (`node_id`).
 */
export function pointId(workspaceId: string, nodeId: string): string {
  const hash = createHash('sha1')
    .update(POINT_ID_NAMESPACE)
    .update(JSON.stringify([workspaceId, nodeId]))
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
