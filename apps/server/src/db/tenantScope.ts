import {
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type KyselyPlugin,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  QueryNode,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueNode,
} from 'kysely';
import type { Database } from './schema';

/** Tables that hold one merchant's rows: every table with a `merchant_id` column. */
export type TenantTable = {
  [T in keyof Database]: 'merchant_id' extends keyof Database[T] ? T : never;
}[keyof Database];

/**
 * Which column of each tenant table names its park: `group_id` for park data, `id` for the parks table
 * itself, `null` for data the whole merchant shares (crops, roles, suppliers' catalogue...). Typed over
 * every table with a merchant column, so a new table does not compile until it says which it is.
 */
export const PARK_COLUMN: Record<TenantTable, 'group_id' | 'id' | null> = {
  alarm_contacts: null,
  alarms: 'group_id',
  area_points: 'group_id',
  commands: 'group_id',
  devices: 'group_id',
  group_points: 'group_id',
  groups: 'id',
  irrigation_decisions: 'group_id',
  // a machine's pump settings go with it from park to park; read only after the machine itself (scoped)
  irrigation_machine_settings: null,
  irrigation_programs: 'group_id',
  irrigation_runs: 'group_id',
  irrigation_zones: 'group_id',
  light_cloud_tokens: null,
  merchant_app_links: null,
  notices: null,
  pest_biofixes: 'group_id',
  report_settings: 'group_id',
  park_reports: 'group_id',
  pest_categories: null,
  pest_seeded: null,
  plot_sensors: 'group_id',
  production_crops: null,
  production_farm_work: 'group_id',
  production_farm_work_machinery: 'group_id',
  production_farm_work_materials: 'group_id',
  production_farm_work_people: 'group_id',
  production_farm_work_photos: 'group_id',
  production_growth_stages: null,
  production_harvest_people: null,
  production_harvests: 'group_id',
  production_machinery: 'group_id',
  production_maintenance: 'group_id',
  production_materials: 'group_id',
  production_personnel: null,
  production_personnel_parks: 'group_id',
  production_plantings: 'group_id',
  production_stage_ranges: null,
  production_stock_moves: 'group_id',
  production_supplier_materials: 'group_id',
  production_suppliers: 'group_id',
  production_videos: 'group_id',
  record_revisions: 'group_id',
  roles: null,
  rules: 'group_id',
  screens: null,
  sessions: null,
  stored_files: null,
  system_log: null,
  trace_batch_harvests: null,
  trace_batch_plantings: null,
  trace_batch_reports: null,
  trace_batch_videos: null,
  trace_batches: 'group_id',
  trace_code_jobs: 'group_id',
  trace_code_settings: null,
  trace_codes: 'group_id',
  trace_label_jobs: 'group_id',
  trace_reports: 'group_id',
  trace_shipments: 'group_id',
  trace_snapshots: 'group_id',
  trace_tree_photos: null,
  trace_trees: 'group_id',
  users: null,
  video_cameras: null,
  video_ezviz_keys: null,
  video_ptz_presets: null,
  video_segments: null,
  video_snapshots: 'group_id',
  video_timelapses: 'group_id',
  video_wall_layouts: null,
};

/** Whose rows a query may touch: one merchant, and of its park data only these parks (or all of them). */
export interface Reach {
  merchantId: number;
  parks: readonly number[] | 'all';
}

const isTenant = (table: string): table is TenantTable => Object.hasOwn(PARK_COLUMN, table);

/** `alias.column`, for a table named in a query as `table` or `table as alias`. */
function columnOf(qualifier: string, column: string): ReferenceNode {
  return ReferenceNode.create(ColumnNode.create(column), TableNode.create(qualifier));
}

/** A FROM, JOIN or UPDATE target that is a tenant table: its name and what the query calls it. */
function tenantTarget(node: OperationNode | undefined): { table: TenantTable; qualifier: string } | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    const name = (node as TableNode).table.identifier.name;
    return isTenant(name) ? { table: name, qualifier: name } : null;
  }
  if (node.kind === 'AliasNode') {
    const alias = node as unknown as { node: OperationNode; alias: OperationNode };
    if (alias.node.kind !== 'TableNode' || alias.alias.kind !== 'IdentifierNode') return null;
    const name = (alias.node as TableNode).table.identifier.name;
    const qualifier = (alias.alias as unknown as { name: string }).name;
    return isTenant(name) ? { table: name, qualifier } : null;
  }
  return null;
}

/** The reach limit a query adds, in SQL itself. An empty park list matches nothing (`in (-1)`, ids are positive). */
function limitOf(reach: Reach, target: { table: TenantTable; qualifier: string }): OperationNode {
  const merchant = BinaryOperationNode.create(
    columnOf(target.qualifier, 'merchant_id'),
    OperatorNode.create('='),
    ValueNode.create(reach.merchantId),
  );
  const parkColumn = PARK_COLUMN[target.table];
  if (!parkColumn || reach.parks === 'all') return merchant;
  const parks = BinaryOperationNode.create(
    columnOf(target.qualifier, parkColumn),
    OperatorNode.create('in'),
    PrimitiveValueListNode.create(reach.parks.length > 0 ? reach.parks : [-1]),
  );
  return AndNode.create(merchant, parks);
}

function andAll(nodes: OperationNode[]): OperationNode | null {
  return nodes.reduce<OperationNode | null>((acc, n) => (acc ? AndNode.create(acc, n) : n), null);
}

/** Thrown when scoped code writes a row of another merchant or park: a bug, never a user's mistake. */
export class TenantScopeViolation extends Error {}

/**
 * Adds the tenant boundary to every query of a scoped database (`scoped()` in scope.ts): each tenant table
 * in FROM, UPDATE and DELETE gets `merchant_id = ?` and, for park data, `group_id in (...)` in WHERE; each
 * joined one gets the same in its ON (so a left join keeps its meaning); subqueries and CTEs alike, since
 * the transformer walks the whole tree. Inserts are checked, not changed: a row for another merchant or a
 * park out of reach throws.
 */
class TenantScopeTransformer extends OperationNodeTransformer {
  constructor(private readonly reach: Reach) {
    super();
  }

  protected override transformSelectQuery(node: SelectQueryNode): SelectQueryNode {
    const t = super.transformSelectQuery(node);
    return this.limitFroms(t, t.from?.froms ?? []);
  }

  /** A select or delete limits every tenant table its FROM names. */
  private limitFroms<T extends SelectQueryNode | DeleteQueryNode>(t: T, froms: readonly OperationNode[]): T {
    const limits = froms.flatMap((f) => {
      const target = tenantTarget(f);
      return target ? [limitOf(this.reach, target)] : [];
    });
    const where = andAll(limits);
    return where ? QueryNode.cloneWithWhere(t, where) : t;
  }

  protected override transformJoin(node: JoinNode): JoinNode {
    const t = super.transformJoin(node);
    const target = tenantTarget(t.table);
    if (!target) return t;
    if (!t.on) throw new TenantScopeViolation(`a join of ${target.table} without ON cannot be scoped`);
    return { ...t, on: { ...t.on, on: AndNode.create(t.on.on, limitOf(this.reach, target)) } };
  }

  protected override transformUpdateQuery(node: UpdateQueryNode): UpdateQueryNode {
    const t = super.transformUpdateQuery(node);
    const target = tenantTarget(t.table);
    return target ? QueryNode.cloneWithWhere(t, limitOf(this.reach, target)) : t;
  }

  protected override transformDeleteQuery(node: DeleteQueryNode): DeleteQueryNode {
    const t = super.transformDeleteQuery(node);
    return this.limitFroms(t, t.from.froms);
  }

  protected override transformInsertQuery(node: InsertQueryNode): InsertQueryNode {
    const t = super.transformInsertQuery(node);
    const table = t.into?.table.identifier.name;
    if (!table || !isTenant(table) || t.values?.kind !== 'ValuesNode') return t;
    const columns = (t.columns ?? []).map((c) => c.column.name);
    const merchantAt = columns.indexOf('merchant_id');
    const parkColumn = PARK_COLUMN[table];
    const parkAt = parkColumn && parkColumn !== 'id' ? columns.indexOf(parkColumn) : -1;
    for (const row of (t.values as unknown as { values: readonly OperationNode[] }).values) {
      const value = (i: number): unknown => {
        if (row.kind === 'PrimitiveValueListNode') return (row as PrimitiveValueListNode).values[i];
        const v = (row as unknown as { values: readonly OperationNode[] }).values[i];
        return v?.kind === 'ValueNode' ? (v as ValueNode).value : undefined;
      };
      if (merchantAt < 0 || value(merchantAt) !== this.reach.merchantId)
        throw new TenantScopeViolation(`insert into ${table} for another merchant`);
      const park = parkAt < 0 ? null : value(parkAt);
      if (this.reach.parks !== 'all' && typeof park === 'number' && !this.reach.parks.includes(park))
        throw new TenantScopeViolation(`insert into ${table} for a park out of reach`);
    }
    return t;
  }
}

export class TenantScopePlugin implements KyselyPlugin {
  private readonly transformer: TenantScopeTransformer;
  constructor(reach: Reach) {
    this.transformer = new TenantScopeTransformer(reach);
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
