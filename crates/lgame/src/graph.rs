//! The move graph of a game in the shape h = f∘g (§8): each node has a list of L moves (g),
//! and each L move leads to exactly [`F_CHOICES`] nodes (f).

use crate::ltype::{LType, COUNT};
use crate::moves::{expand, F_CHOICES};
use crate::tables::tables;

/// Nodes 0..n, their L moves, and the successors of each L move.
#[derive(Clone, Debug)]
pub struct Graph {
    /// The L moves of node x are `g_start[x]..g_start[x + 1]`.
    g_start: Vec<u32>,
    /// [`F_CHOICES`] successor nodes per L move.
    succ: Vec<u32>,
}

impl Default for Graph {
    fn default() -> Self {
        Graph::new()
    }
}

impl Graph {
    /// An empty graph, to be filled node by node with [`Graph::push_l_move`] and
    /// [`Graph::end_node`].
    pub fn new() -> Graph {
        Graph {
            g_start: vec![0],
            succ: Vec::new(),
        }
    }

    /// The quotient game M: nodes are l-types.
    pub fn quotient() -> Graph {
        let t = tables();
        let mut g = Graph::new();
        g.g_start.reserve(COUNT);
        g.succ.reserve(COUNT * 6 * F_CHOICES);
        for lt in LType::all() {
            let p = lt.position();
            expand(t, p.red(), p.blue(), p.neutrals(), |_, next| {
                g.succ.extend(next.iter().map(|n| u32::from(n.get())));
            });
            g.end_node();
        }
        g
    }

    /// Add an L move of the current node, with the nodes its f-continuations reach.
    pub fn push_l_move(&mut self, next: &[u32; F_CHOICES]) {
        self.succ.extend_from_slice(next);
    }

    /// Close the current node; the next L moves belong to the next node.
    pub fn end_node(&mut self) {
        self.g_start.push((self.succ.len() / F_CHOICES) as u32);
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.g_start.len() - 1
    }

    /// Number of moves (edges of h, counted with the multiplicity f gives them).
    pub fn moves(&self) -> usize {
        self.succ.len()
    }

    /// The L moves of node x, each as the nodes its f-continuations reach.
    pub fn l_moves(&self, x: usize) -> impl Iterator<Item = &[u32]> {
        let (a, b) = (self.g_start[x] as usize, self.g_start[x + 1] as usize);
        self.succ[a * F_CHOICES..b * F_CHOICES].chunks_exact(F_CHOICES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotient_graph_shape() {
        let g = Graph::quotient();
        assert_eq!(g.nodes(), COUNT);
        assert!(g.l_moves(0).all(|m| m.len() == F_CHOICES));
        assert!(g.moves() > COUNT * F_CHOICES);
        // 03404 (in B_0) has no L move.
        assert_eq!(g.l_moves(0o3404).count(), 0);
    }
}
