// Relaxed supernodes: merges small supernodes of the nested-dissection assembly tree into their parents. A
// 2-D dissection's tree is mostly small regions (leaves of a few rows and separators of three or four) whose
// fronts carry more rows below their pivots than pivots; each one costs every substitution a gather, a scatter
// and a loop's set-up, and every factorisation a front, an extend-add and a stack push. A child merged into its
// parent adds its pivots to the parent's front (the child's rows below its pivots are all in that front
// already), so the merged block of L holds explicit zeros where the child's pivots do not reach the parent's
// rows: merging pays while the merged block stays small and those zeros few (sdSparseRelaxPivots,
// sdSparseRelaxRows, sdSparseRelaxZeros).
//
// The merged tree is the original one with each merged child's subtree hung from its parent's group: its
// groups in the original postorder of their top members are again a postorder (a group's subtree is its top's
// original subtree, contiguous), and each group's pivots are its members' pivots in postorder, so the
// elimination positions are renumbered member by member.
#include "sd_sparse.h"

/// Entries of a supernode's block of L: w pivot columns of a front of m rows (lower trapezoid).
static inline double sd_block_entries(double w, double m) { return w * m - w * (w - 1.0) / 2.0; }

int32_t sd_sparse_amalgamate(sdWorld* world, const sdIsland* island, int32_t superStart, int32_t superCount) {
    sdSparseState* sp = &world->scratch.sparse;
    sdSupernode* nodes = sp->supernodes + superStart;
    sdTreeNode* tree = sp->tree;
    int32_t* stack = sp->nodeStack;
    int32_t stackTop = 0;
    for (int32_t k = 0; k < superCount; ++k) {
        for (int32_t c = 0; c < nodes[k].childCount; ++c) tree[stack[--stackTop]].parent = k;
        stack[stackTop++] = k;
        tree[k] = (sdTreeNode){.parent = -1, .top = k, .pivots = nodes[k].count, .rows = nodes[k].rowCount,
                               .head = -1, .tail = -1, .next = -1, .first = nodes[k].first,
                               .count = nodes[k].count, .children = 0, .zeros = 0.0};
    }
    // Bottom up (postorder): each group, complete once its top is reached, merges into its parent's group when
    // the merged block stays small and mostly true entries. The child's rows below its pivots are in the parent's
    // front, so the merged front has the child's pivots more rows than the parent's.
    for (int32_t k = 0; k < superCount; ++k) {
        sdTreeNode* child = &tree[k];
        if (child->parent < 0) continue;
        sdTreeNode* parent = &tree[child->parent];
        const double w = (double)child->pivots + (double)parent->pivots;
        const double m = (double)child->pivots + (double)parent->rows;
        const double entries = sd_block_entries(w, m);
        const double zeros = entries - (sd_block_entries(child->pivots, child->rows) - child->zeros) -
                             (sd_block_entries(parent->pivots, parent->rows) - parent->zeros);
        if (w > sdSparseRelaxPivots || m > sdSparseRelaxRows || zeros > sdSparseRelaxZeros * entries) continue;
        child->top = child->parent; // resolved to the group's top below
        parent->pivots = (int32_t)w;
        parent->rows = (int32_t)m;
        parent->zeros = zeros;
    }
    // Each node's group top (a parent comes after its children, so top-down is from the end); then each group's
    // members in postorder, and each group's children (the tops whose parent is in it).
    for (int32_t k = superCount - 1; k >= 0; --k) tree[k].top = tree[tree[k].top].top;
    for (int32_t k = 0; k < superCount; ++k) {
        sdTreeNode* group = &tree[tree[k].top];
        if (tree[k].top == k) {
            if (tree[k].parent >= 0) tree[tree[tree[k].parent].top].children += 1;
            continue;
        }
        if (group->tail < 0) group->head = k;
        else tree[group->tail].next = k;
        group->tail = k;
    }
    // The groups in postorder become the supernodes, their members' pivots renumbered consecutively.
    int32_t* position = sp->work + island->rowStart; // per old elimination position (free once ordered)
    int32_t next = 0, out = 0;
    for (int32_t k = 0; k < superCount; ++k) {
        if (tree[k].top != k) continue;
        const int32_t first = next;
        for (int32_t member = tree[k].head; member >= 0; member = tree[member].next)
            for (int32_t t = 0; t < tree[member].count; ++t) position[tree[member].first + t] = next++;
        for (int32_t t = 0; t < tree[k].count; ++t) position[tree[k].first + t] = next++;
        sdSupernode* node = &nodes[out++]; // out ≤ k: the groups before it are written, the members read from tree
        node->first = first;
        node->count = next - first;
        node->childCount = tree[k].children;
        node->rowStart = node->rowCount = 0;
        node->factorStart = node->packedStart = 0;
    }
    const int32_t base = island->rowStart;
    for (int32_t local = 0; local < island->rowCount; ++local) {
        const int32_t e = position[sp->elimination[base + local]];
        sp->elimination[base + local] = e;
        sp->layoutOf[base + e] = local;
    }
    return out;
}
