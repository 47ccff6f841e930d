//! Batch answers (SPEC 4.5): one result or one error per item, so one bad
//! item never fails the batch.

use serde::Serialize;

use super::error::ApiError;

/// The `data` of convert, validate, format, add, round and diff: one
/// result, or a batch.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum OneOrBatch<T> {
    One(T),
    Batch(Batch<T>),
}

/// `data` of a batch: `count` items, `failed` of them errors.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Batch<T> {
    pub count: usize,
    pub failed: usize,
    pub results: Vec<Item<T>>,
}

/// An item's result object, or `{"error": {"code", "message", "error"}}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Item<T> {
    Done(T),
    Failed { error: ItemError },
}

/// Why one item failed, with the code and kind it would have had alone.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ItemError {
    pub code: u32,
    pub message: String,
    #[schema(value_type = String)]
    pub error: &'static str,
}

impl From<ApiError> for ItemError {
    fn from(error: ApiError) -> Self {
        let (_, code, kind) = error.status_code_kind();
        ItemError { code, message: error.message(), error: kind }
    }
}

/// Batches computed and encoded at once; the others wait their turn
/// (within the request timeout). A batch's answer can reach megabytes, and
/// a thousand clients sending batches at once would otherwise hold a
/// thousand of them in memory before the answer budget (which counts
/// answers being written) sees any; a batch is CPU work, and two cores gain
/// nothing from more than a few at once.
pub const BATCHES_AT_ONCE: usize = 8;

/// Items answered between two yields to the runtime: a batch gives other
/// requests their turn, and its request timeout a chance to end it.
const ITEMS_PER_SLICE: usize = 32;

impl<T> Batch<T> {
    /// Runs `operation` on every item (an input, or a pair of them), in
    /// order, yielding to the runtime every few items.
    pub async fn run<I>(
        items: Vec<Result<I, ApiError>>,
        mut operation: impl FnMut(I) -> Result<T, ApiError>,
    ) -> Batch<T> {
        let mut results = Vec::with_capacity(items.len());
        let mut failed = 0;
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 && i % ITEMS_PER_SLICE == 0 {
                tokio::task::yield_now().await;
            }
            results.push(match item.and_then(&mut operation) {
                Ok(result) => Item::Done(result),
                Err(error) => {
                    failed += 1;
                    Item::Failed { error: error.into() }
                }
            });
        }
        Batch { count: results.len(), failed, results }
    }
}
